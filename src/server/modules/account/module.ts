/**
 * Account and identity (docs/account-security.md): passwords, phone, real name, profile, devices,
 * cancellation (注销). Listed before the modules that gate on a verified real name (goods, funds,
 * agency, 公会助力); those it reads in turn (the payment password, the write-off conditions) plug
 * into `account.plugs` when they register.
 */
import { loadKeyRing } from '../../keys'
import { defineModule } from '../../module'
import { fieldCipher } from '../delivery/crypto'
import { marketIdVerifier, sandboxIdVerifier } from './realname-provider'
import { accountRoutes } from './routes'
import { accountService, type AccountService } from './service'

declare module '../../module' {
  interface Services {
    account: AccountService
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** account and identity: tests call account.sweepWriteoffs() after moving the clock */
    account: AccountService
  }
}

export const accountModule = defineModule({
  name: 'account',
  needs: ['auth', 'sms', 'cipher', 'messages', 'images'],
  provides: ['account'],
  register({ app, db, now, settings, jobs, routes }, { auth, sms, cipher, messages, images }) {
    const account = accountService({
      db,
      auth,
      sms,
      cipher,
      fieldCipher: fieldCipher(loadKeyRing(settings.keys, 'real-names.key')),
      idVerifier:
        settings.idVerifier ??
        ((settings.realNameSandbox ?? settings.sandbox)
          ? sandboxIdVerifier()
          : settings.env.realName && marketIdVerifier(settings.env.realName)),
      messages,
      squareAvatar: (userId, imageId) => images.squareAvatar(userId, imageId),
      now,
    })
    app.decorate('account', account)
    jobs.schedule('account-writeoffs', settings.tradeSweepMs ?? 30_000, () => account.sweepWriteoffs())
    routes(accountRoutes, { account, sms, now })
    return { account }
  },
})
