/** Test data of the WeChat pages: a QR code of the sandbox, valid for five minutes from load. */
import type { WechatQrCode } from '@shared/api/wechat'

export const WECHAT_QR: WechatQrCode = {
  sceneId: 'scene-1',
  qrImage: 'data:image/png;base64,AAAA',
  qrContent: '/api/wechat/sandbox/phone?scene=s1',
  expiresAt: Date.now() + 300_000,
  sandboxUrl: '/api/wechat/sandbox/phone?scene=s1',
}
