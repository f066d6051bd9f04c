/** 估价 and 同款成交: valuations and comparable deals of listings (docs/valuation.md). */
import { defineModule } from '../../module'
import { discoverRoutes } from './routes'
import { discoverService } from './service'

export const discoverModule = defineModule({
  name: 'discover',
  needs: ['goods', 'trade', 'games'],
  register({ now, routes }, { goods, trade, games }) {
    routes(discoverRoutes, { discover: discoverService({ goods, trade, games, now }), now })
  },
})
