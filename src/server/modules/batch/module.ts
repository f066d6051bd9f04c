/** 批量发布: listings from a spreadsheet (docs/seller-tools.md). */
import { defineModule } from '../../module'
import { withMultipart } from '../../plugins/multipart'
import { batchRoutes } from './routes'
import { batchService } from './service'

export const batchModule = defineModule({
  name: 'batch',
  needs: ['goods', 'games', 'images'],
  register({ db, now, routes }, { goods, games, images }) {
    routes(withMultipart(batchRoutes), { batch: batchService({ db, games, goods, images, now }), now })
  },
})
