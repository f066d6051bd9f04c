/**
 * antd's Input without the parts its barrel attaches to it (Input.Search, TextArea, Password, OTP,
 * Group: some 7 KiB brotli): for boxes of the first load that need none of them. The browser bundle
 * takes antd's own `Input` module here (vite.web.config.ts, antdBareInput); the server and the
 * tests take the full Input from 'antd', the same component (docs/ssr.md, the first load).
 */
import type { ForwardRefExoticComponent, RefAttributes } from 'react'
import { Input, type InputProps, type InputRef } from 'antd'

export const BareInput: ForwardRefExoticComponent<InputProps & RefAttributes<InputRef>> = Input
