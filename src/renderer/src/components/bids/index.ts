/** Bid widgets: the buyer's offer dialog and the bid rows, on a listing's page and in the centres. */
export { BidModal } from './PriceModal'
export { BidRows } from './BidRows'
export { GoodsBids } from './GoodsBids'
