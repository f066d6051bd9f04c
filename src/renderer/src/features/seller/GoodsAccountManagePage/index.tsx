/**
 * /seller/goodsAccountManage.html: the delivery account of each of the seller's account listings —
 * what the buyer receives after paying (account, password, bound phone, security answers…, the
 * fields of getGameTransferCollectConfig). The server keeps them encrypted and only ever shows them
 * back to the seller MASKED; here they can be set, replaced or removed (AccountModal), never read in
 * clear.
 */
import '../seller.css'
import './accounts.css'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Popconfirm, Switch, Tag, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { LockOutlined } from '@ant-design/icons'
import type { DeliveryAccount } from '@shared/api/delivery'
import { PAGINATION } from '@shared/constants'
import { myGamesQuery } from '@renderer/api/game'
import { deliveryAccountsQuery, useRemoveDeliveryAccount, useSetAutoDelivery } from '@renderer/api/seller'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import type { ScrollState } from '@renderer/app/RootShell'
import { ListingText } from '@renderer/components/ListingCell'
import { QueryListTable } from '@renderer/components/QueryListTable'
import { Pagination } from '@renderer/components/Pagination'
import { toastError } from '@renderer/utils/api-error'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { setPaging } from '@renderer/utils/url-params'
import { GoodsToolbar } from '../GoodsToolbar'
import { AccountModal } from './AccountModal'
import { MaskedFields } from './MaskedFields'

export default function GoodsAccountManagePage() {
  const [params, setParams] = useSearchParams()
  const page = Number(params.get('page')) > 0 ? Number(params.get('page')) : PAGINATION.page
  const limitParam = Number(params.get('limit'))
  const limit = (PAGINATION.pageSizes as readonly number[]).includes(limitParam)
    ? limitParam
    : PAGINATION.limit
  const gameId = Number(params.get('gameId')) || undefined
  const keyword = params.get('keyword')?.trim() || undefined
  const games = useQuery(myGamesQuery())
  const list = useQuery(deliveryAccountsQuery({ gameId, keyword, pageNum: page, pageSize: limit }))
  const removing = useRemoveDeliveryAccount()
  const switching = useSetAutoDelivery()
  const [editing, setEditing] = useState<DeliveryAccount | null>(null)
  const busy = removing.isPending
    ? removing.variables
    : switching.isPending
      ? switching.variables.goodsId
      : null
  const gameName = useMemo(() => new Map((games.data ?? []).map((g) => [g.gameId, g.nameCn])), [games.data])

  const go = (next: { gameId?: number; keyword?: string; page?: number; limit?: number }) => {
    const search = new URLSearchParams()
    if (next.gameId) search.set('gameId', String(next.gameId))
    if (next.keyword) search.set('keyword', next.keyword)
    setPaging(search, next)
    setParams(search, { state: { keepScroll: true } satisfies ScrollState })
  }

  const failed = (error: unknown) => toastError(error)
  const remove = (account: DeliveryAccount) =>
    removing.mutateAsync(account.goodsId).then(() => toast('success', '发货账号已删除'), failed)
  const toggleAuto = (account: DeliveryAccount, enabled: boolean) =>
    switching
      .mutateAsync({ goodsId: account.goodsId, enabled })
      .then(() => toast('success', enabled ? '已开启自动交付' : '已关闭自动交付'), failed)

  const columns: ColumnsType<DeliveryAccount> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, a) => (
        <ListingText
          goodsId={a.goodsId}
          title={a.goodsTitle}
          meta={`${gameName.get(a.gameId) ?? ''} · 商品编号 ${a.goodsId}`}
        />
      ),
    },
    {
      title: '发货账号',
      key: 'account',
      render: (_, a) =>
        a.saved ? (
          <div className="account-masked">
            <Tag color="success" icon={<LockOutlined />}>
              已设置
            </Tag>
            <MaskedFields account={a} />
            {a.updatedAt ? (
              <span className="account-masked__time">
                更新于 {parseTime(a.updatedAt, 'YYYY-MM-DD HH:mm')}
              </span>
            ) : null}
          </div>
        ) : (
          <Tag color="warning">未设置</Tag>
        ),
    },
    {
      title: '自动交付',
      key: 'auto',
      width: 120,
      render: (_, a) => (
        <Tooltip title={a.complete ? '买家付款后由平台立即交付这组账号信息' : '完整填写发货账号后可开启'}>
          <Switch
            aria-label={`自动交付：${a.goodsTitle}`}
            checked={a.autoDelivery}
            disabled={!a.complete}
            loading={busy === a.goodsId}
            onChange={(on) => void toggleAuto(a, on)}
          />
        </Tooltip>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, a) => (
        <div className="table-actions">
          <Button type="link" size="small" onClick={() => setEditing(a)}>
            {a.saved ? '更换' : '设置'}
          </Button>
          {a.saved ? (
            <Popconfirm
              title="删除这件商品的发货账号？"
              description="删除后买家付款时将无法交付，需要您重新设置。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove(a)}
            >
              <Button type="link" size="small" danger loading={busy === a.goodsId}>
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      ),
    },
  ]

  return (
    <CentreLayout centre={SELLER_CENTRE} title="发货账号管理">
      <p className="publish-hint">
        为账号类商品提前填好交付信息；开启「自动交付」后，买家付款时由平台立即交付给买家，无需您在线。请勿在聊天中发送账号密码；平台工作人员也不会向您索要。
      </p>
      <GoodsToolbar
        gameId={gameId}
        keyword={keyword}
        searchLabel="搜索商品标题"
        onGame={(value) => go({ gameId: value, keyword, limit })}
        onSearch={(text) => go({ gameId, keyword: text, limit })}
      />
      <QueryListTable<DeliveryAccount>
        card={{ title: 'goods', actions: 'actions', label: (a) => a.goodsTitle }}
        list={list}
        errorTitle="发货账号加载失败"
        rowKey="goodsId"
        columns={columns}
        scroll={{ x: 760 }}
        empty={{
          description: gameId || keyword ? '没有符合条件的账号商品' : '您还没有账号类商品',
          action: gameId || keyword ? null : { to: '/seller/selectType.html', label: '发布账号' },
        }}
      />
      <Pagination
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(p, l) => go({ gameId, keyword, page: p, limit: l })}
      />
      {editing ? (
        <AccountModal account={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      ) : null}
    </CentreLayout>
  )
}
