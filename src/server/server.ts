/** `npm start` / `npm run dev:server`: builds the app from the environment, listens, closes on signals. */
import { SITE_NAME } from '../shared/constants'
import { buildApp } from './app'
import { ConfigError, loadConfig, type ServerConfig } from './config'
import { DEMO_ACCOUNTS } from './db/seed'
import { SecretError } from './keys'
import { boundMs, closeGracefully } from './http/graceful-close'

let config: ServerConfig
try {
  config = loadConfig()
} catch (err) {
  // a wrong setting: its message names the variable; the stack would only hide it
  if (!(err instanceof ConfigError)) throw err
  console.error(err.message)
  process.exit(1)
}
const app = await buildApp({ ...config, logger: { level: config.logLevel } }).catch((err: unknown) => {
  // a secret that would differ between processes (keys.ts): the message names it and its variable
  if (!(err instanceof SecretError)) throw err
  console.error(err.message)
  process.exit(1)
})
const address = await app.listen({ port: config.port, host: config.host })

console.log(`\n${SITE_NAME} API 与网页已启动：${address}`)
console.log(
  `数据库：${config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.dataDir}/market.db`}；共享状态：${config.redisUrl ? 'Redis' : '本进程内存'}；网页目录：${config.webRoot}`,
)
if (config.seedDemo) {
  console.log('演示账号（仅在新数据库中创建）：')
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.userName} / ${a.password}  ${a.nickName}`)
}

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: draining for ${config.shutdownDelayMs} ms, then closing`)
    // readiness 503 and Connection: close first, then the listener closes, the live streams end with
    // a retry hint (clients resume on another process) and requests in flight finish
    // (http/graceful-close.ts, docs/operations.md "Rolling restart")
    const shutdown = { delayMs: config.shutdownDelayMs }
    const force = setTimeout(() => {
      app.log.error('close did not finish in time: exiting')
      process.exit(1)
    }, boundMs(shutdown))
    force.unref()
    closeGracefully(app, shutdown).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'close failed')
        process.exit(1)
      },
    )
  })
}
