/**
 * 卖家信用: the rule lives in src/shared/rules/seller-credit.ts (the renderer explains a level with
 * it); docs/trading-rules.md, "Seller credit".
 */
export { creditOf, CREDIT_TIERS, type Credit, type CreditInput } from '../../../shared/rules/seller-credit'
