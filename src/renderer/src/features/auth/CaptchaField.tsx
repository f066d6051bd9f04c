import type { ReactNode } from 'react'
import { Form, Input, Spin } from 'antd'
import type { CaptchaState } from './use-captcha'

/** Captcha input with its image; a click on the image loads a new one. */
export function CaptchaField({ captcha, icon }: { captcha: CaptchaState; icon?: ReactNode }) {
  return (
    <Form.Item label="验证码" required className="captcha-field">
      <div className="captcha-field__row">
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
        >
          <Input
            prefix={icon}
            placeholder="请输入验证码"
            autoComplete="off"
            maxLength={10}
            aria-label="验证码"
          />
        </Form.Item>
        <button
          type="button"
          className="captcha-field__image"
          onClick={() => void captcha.refresh()}
          title="看不清？点击换一张"
          aria-label="验证码图片，点击换一张"
        >
          {captcha.img ? <img src={captcha.img} alt="验证码" /> : <Spin size="small" />}
        </button>
      </div>
    </Form.Item>
  )
}
