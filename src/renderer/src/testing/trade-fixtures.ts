/** Test data of the trading pages (orders, roles, wallet, withdrawals, rooms, disputes), typed by the contract. */
import type { Dispute, WarrantRoom } from '@shared/api/warrant'
import type { Wallet, WithdrawInfo, Withdrawal } from '@shared/api/funds'
import type { Order, ReceivingRole } from '@shared/api/trade'

export const ORDER_NO = 'YX20260101120000123'

export const ROLE: ReceivingRole = {
  roleId: 3,
  gameId: 1,
  gameName: '王者荣耀',
  serverId: 11,
  serverName: '1区 梦回长安',
  roleName: '逍遥生',
  gameRoleId: '10086',
  isDefault: true,
}

export function order(patch: Partial<Order> = {}): Order {
  return {
    orderNo: ORDER_NO,
    protectionFee: 0,
    goodsId: 7,
    goodsTitle: '王者荣耀 V8 全英雄账号',
    goodsType: 'ACCOUNT',
    gameId: 1,
    gameName: '王者荣耀',
    coverUrl: null,
    buyerId: 5,
    buyerName: '买家小王',
    sellerId: 6,
    sellerName: '卖家老李',
    unitPrice: 70_000,
    quantity: 1,
    amount: 70_000,
    status: 'UNPAID',
    role: null,
    bidId: null,
    createdAt: 1_767_240_000_000,
    paidAt: null,
    deliveryStartedAt: null,
    deliveredAt: null,
    completedAt: null,
    settledAt: null,
    cancelledAt: null,
    deadlineAt: null,
    deadlineAction: null,
    disputedFrom: null,
    protectionDays: 7,
    autoDelivered: false,
    deliveryCorrections: 0,
    myRole: 'buyer',
    actions: [],
    ...patch,
  }
}

export function wallet(patch: Partial<Wallet> = {}): Wallet {
  return {
    available: 50_000,
    frozen: 0,
    inEscrowAsBuyer: 0,
    pendingSettlement: 0,
    hasPayPassword: true,
    payLockedUntil: null,
    ...patch,
  }
}

export function withdrawInfo(patch: Partial<WithdrawInfo> = {}): WithdrawInfo {
  return {
    available: 50_000,
    withdrawable: 50_000,
    heldTopups: [],
    refundableNow: 0,
    holdHours: 24,
    autoApproveMax: 0,
    alipayPayout: true,
    realName: '陈*',
    at: 1_717_000_000_000,
    ...patch,
  }
}

export function withdrawal(patch: Partial<Withdrawal> = {}): Withdrawal {
  return {
    withdrawNo: 'W202405181430054829105733',
    userId: 5,
    userName: '买家小王',
    amount: 10_000,
    accountKind: 'ALIPAY',
    account: '138****8000',
    status: 'PENDING',
    rejectReason: '',
    failReason: '',
    payeeName: '王小明',
    heldTopup: 0,
    nameChecked: true,
    createdAt: 1_717_000_000_000,
    decidedAt: null,
    ...patch,
  }
}

export function room(patch: Partial<WarrantRoom> = {}): WarrantRoom {
  return {
    orderNo: ORDER_NO,
    goodsTitle: '王者荣耀 V8 全英雄账号',
    amount: 70_000,
    status: 'ARBITRATING',
    buyerName: '买家小王',
    sellerName: '卖家老李',
    lastMessageAt: null,
    unread: 0,
    ...patch,
  }
}

export function dispute(patch: Partial<Dispute> = {}): Dispute {
  return {
    disputeId: 3,
    orderNo: ORDER_NO,
    goodsTitle: '王者荣耀 V8 全英雄账号',
    amount: 70_000,
    buyerName: '买家小王',
    sellerName: '卖家老李',
    orderStatus: 'ARBITRATING',
    state: 'OPEN',
    openedBy: 'buyer',
    openedByName: '买家小王',
    openedAt: 1_767_240_000_000,
    reason: '登录后发现账号被找回',
    fromStatus: 'TO_CONFIRM',
    ruling: null,
    ...patch,
  }
}
