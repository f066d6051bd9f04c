/** The 代售中心's navigation (docs/screens.md). */
import type { Centre } from '@renderer/app/layouts/CentreLayout'

export const AGENCY_CENTRE: Centre = {
  name: '代售中心',
  home: '/agencySale/agencySaleGoods.html',
  links: [
    { to: '/agencySale/agencySaleGoods.html', label: '我的代售申请' },
    { to: '/agencySale/agencySaleOrder.html', label: '我的代售订单' },
  ],
}

export const AGENCY_STATUS_COLORS = {
  PENDING: 'gold',
  VERIFYING: 'blue',
  LISTED: 'green',
  SOLD: 'purple',
  REJECTED: 'red',
  WITHDRAWN: 'default',
} as const
