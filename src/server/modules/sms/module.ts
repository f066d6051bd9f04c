/**
 * SMS codes (docs/account-security.md): the sandbox plays the provider in demo and test installs
 * (codes in /api/sandbox/sms and the log), the configured provider otherwise.
 */
import { loadOrCreateSecret } from '../../keys'
import { defineModule } from '../../module'
import { aliyunSmsProvider, sandboxSmsProvider } from './provider'
import { smsRepo } from './repo'
import { smsSandboxRoutes } from './routes'
import { smsService, type SmsService } from './service'

declare module '../../module' {
  interface Services {
    sms: SmsService
  }
}

export const smsModule = defineModule({
  name: 'sms',
  provides: ['sms'],
  register({ app, db, now, settings, routes }) {
    const provider =
      (settings.smsSandbox ?? settings.sandbox)
        ? sandboxSmsProvider(
            (phone, content) => smsRepo(db).addInbox(phone, content, now()),
            settings.logger ? (line) => app.log.info(line) : () => undefined,
          )
        : settings.env.aliyunSms && aliyunSmsProvider(settings.env.aliyunSms)
    const sms = smsService({
      db,
      provider,
      secret: loadOrCreateSecret(settings.keys, 'sms-codes.key'),
      now,
    })
    if (sms.sandbox) routes(smsSandboxRoutes, { sms })
    return { sms }
  },
})
