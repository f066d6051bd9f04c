/** The login/register captcha: image (data URL) and id, refreshed on click and after a failure. */
import { useQuery } from '@tanstack/react-query'
import { captchaQuery } from '@renderer/api/auth'

export interface CaptchaState {
  enabled: boolean
  uuid?: string
  img?: string
  loading: boolean
  refresh(): Promise<void>
}

export function useCaptcha(): CaptchaState {
  const captcha = useQuery(captchaQuery())
  const data = captcha.data
  return {
    // off until the server says otherwise (and when it cannot be asked)
    enabled: data ? data.captchaEnabled !== false : false,
    uuid: data?.uuid,
    img: data?.img,
    loading: captcha.isFetching,
    refresh: async () => {
      await captcha.refetch()
    },
  }
}

/** The captcha part of a login or register body: the answer and the image's id (nothing while off). */
export function captchaAnswer(captcha: CaptchaState, code: string | undefined) {
  return captcha.enabled ? { code: code?.trim(), uuid: captcha.uuid } : {}
}

/** After a refused login or register: the answer cleared and, while on, a new image (each counts once). */
export function renewCaptcha(
  captcha: CaptchaState,
  form: { setFieldValue: (name: 'code', value: string) => void },
) {
  form.setFieldValue('code', '')
  if (captcha.enabled) void captcha.refresh()
}
