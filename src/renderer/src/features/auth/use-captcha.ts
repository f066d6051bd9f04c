/** The login/register captcha: image (data URL) and id, refreshed on click and after a failure. */
import { useCallback, useEffect, useState } from 'react'
import { getCaptcha } from '@renderer/api/auth'

export interface CaptchaState {
  enabled: boolean
  uuid?: string
  img?: string
  loading: boolean
  refresh(): Promise<void>
}

export function useCaptcha(): CaptchaState {
  const [state, setState] = useState<{ enabled: boolean; uuid?: string; img?: string; loading: boolean }>({
    enabled: false,
    loading: true,
  })
  const load = useCallback(
    () =>
      getCaptcha().then(
        (res) =>
          setState({ enabled: res.captchaEnabled !== false, uuid: res.uuid, img: res.img, loading: false }),
        () => setState((s) => ({ ...s, loading: false })),
      ),
    [],
  )
  const refresh = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }))
    await load()
  }, [load])
  // the first load: state already says loading
  useEffect(() => {
    void load()
  }, [load])
  return { ...state, refresh }
}
