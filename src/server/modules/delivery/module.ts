/**
 * Delivery accounts (发货账号) of account listings and automatic delivery; the field cipher that
 * seals account credentials at rest (trade and agency sale seal theirs with it too).
 */
import { defineModule } from '../../module'
import { deliveryKeyRing, fieldCipher, type FieldCipher } from './crypto'
import { deliveryRoutes } from './routes'
import { deliveryService, type DeliveryService } from './service'

declare module '../../module' {
  interface Services {
    delivery: DeliveryService
    /** AES-256-GCM for account credentials (DATA_DIR/delivery.key or its variable) */
    deliveryCipher: FieldCipher
  }
}

export const deliveryModule = defineModule({
  name: 'delivery',
  needs: ['goods', 'games'],
  provides: ['delivery', 'deliveryCipher'],
  register({ db, now, settings, routes }, { goods, games }) {
    const deliveryCipher = fieldCipher(deliveryKeyRing(settings.keys))
    const delivery = deliveryService({ db, games, goods, cipher: deliveryCipher, now })
    routes(deliveryRoutes, { delivery })
    return { delivery, deliveryCipher }
  },
})
