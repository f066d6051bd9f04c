/**
 * 订单管理: search every order (order number, buyer or seller by name or id, game, status, time),
 * paged; the read-only detail drawer (OrderDrawer) with the timeline, ledger rows, masked delivery,
 * dispute and staff notes. Permission trade:order:list (notes: trade:order:note).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { DatePicker, Form, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import type { StaffOrder, StaffOrderQuery } from '@shared/api/trade'
import { staffOrdersQuery } from '@renderer/api/trade'
import { gamesQuery } from '@renderer/api/game'
import { DictTag, DictFilter } from '../../parts/dict'
import { FilterForm, usePagedQuery, TextFilter } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE, yuanText } from '../../parts/table'
import { OrderDrawer } from './OrderDrawer'

interface Filters {
  orderNo?: string
  buyer?: string
  seller?: string
  gameId?: number
  status?: StaffOrderQuery['status']
  range?: [Dayjs | null, Dayjs | null] | null
}

export default function OrderManagePage() {
  const { query, search, paging } = usePagedQuery<StaffOrderQuery>(FIRST_PAGE)
  const [open, setOpen] = useState<string | null>(null)
  const orders = useQuery(staffOrdersQuery(query))
  const games = useQuery(gamesQuery()).data ?? []

  const onSearch = ({ range, ...v }: Filters) => {
    const [from, to] = range ?? [null, null]
    search({
      ...v,
      beginTime: from ? from.startOf('day').valueOf() : undefined,
      endTime: to ? to.endOf('day').valueOf() : undefined,
    })
  }

  return (
    <>
      <FilterForm<Filters> onSearch={onSearch}>
        <TextFilter name="orderNo" label="订单号" maxLength={40} />
        <TextFilter name="buyer" label="买家" maxLength={64} placeholder="用户名、昵称或编号" />
        <TextFilter name="seller" label="卖家" maxLength={64} placeholder="用户名、昵称或编号" />
        <Form.Item name="gameId" label="游戏">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            options={games.map((g) => ({ value: g.gameId, label: g.nameCn }))}
          />
        </Form.Item>
        <DictFilter dictType="order_status" width={130} />
        <Form.Item name="range" label="下单时间">
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterForm>
      <QueryTable<StaffOrder>
        list={orders}
        errorTitle="订单加载失败"
        rowKey="orderNo"
        paging={paging}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 200 },
          { title: '商品', dataIndex: 'title', ellipsis: true },
          { title: '游戏', dataIndex: 'gameName', width: 110 },
          { title: '金额', dataIndex: 'amount', width: 110, render: (v: number) => yuanText(v) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            render: (v: string) => <DictTag dictType="order_status" value={v} />,
          },
          { title: '买家', dataIndex: 'buyerName', width: 120 },
          { title: '卖家', dataIndex: 'sellerName', width: 120 },
          { title: '下单时间', dataIndex: 'createdAt', width: 160, render: dateTime },
          { title: '备注', dataIndex: 'notes', width: 60 },
          {
            title: '操作',
            key: 'op',
            width: 70,
            render: (_, o) => <a onClick={() => setOpen(o.orderNo)}>详情</a>,
          },
        ]}
      />
      <OrderDrawer orderNo={open} onClose={() => setOpen(null)} />
    </>
  )
}
