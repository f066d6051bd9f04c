/**
 * /seller/goodsAccountManage.html: the delivery account of each of the seller's account listings —
 * what the buyer receives after paying (account, password, bound phone, security answers…, the
 * fields of getGameTransferCollectConfig). The server keeps them encrypted and only ever shows them
 * back to the seller MASKED; here they can be set, replaced or removed, never read in clear.
 */
import './seller.css'
import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Switch,
  Table,
  Tag,
  Tooltip,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import type { DeliveryAccount } from '@shared/api/goods'
import { PAGINATION } from '@shared/constants'
import type { ScrollState } from '@renderer/app/RootShell'
import { getMyGames } from '@renderer/api/game'
import {
  listDeliveryAccounts,
  removeDeliveryAccount,
  saveDeliveryAccount,
  setAutoDelivery,
} from '@renderer/api/goods'
import { Pagination } from '@renderer/components/Pagination'
import { loadTransferConfig } from '@renderer/features/goods/catalogue-cache'
import { ListingText } from '@renderer/features/goods/ListingCell'
import { alreadyNotified, apiErrorText } from '@renderer/utils/api-error'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { LoadErrorAlert } from '@renderer/components/LoadErrorAlert'
import { normaliseTransferValue } from '@shared/rules/transfer'
import { TransferFieldInput, transferFieldRule } from '@renderer/features/trade/TransferFieldInput'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'

/** The credentials form of one listing, built from the game's transfer config. */
function AccountModal({
  account,
  onClose,
  onSaved,
}: {
  account: DeliveryAccount
  onClose: () => void
  onSaved: () => void
}) {
  const [form] = Form.useForm<Record<string, string>>()
  const current = account.saved ? account : undefined
  const config = useQuery(['transfer-config', account.gameId], () => loadTransferConfig(account.gameId))
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const fields = config.data?.fields ?? []

  const save = async () => {
    const values = await form.validateFields()
    setSaving(true)
    setError('')
    try {
      const clean: Record<string, string> = {}
      for (const field of fields) {
        const value = normaliseTransferValue(field, values[field.key] ?? '')
        if (value) clean[field.key] = value
      }
      await saveDeliveryAccount({ goodsId: account.goodsId, fields: clean })
      form.resetFields()
      toast('success', current ? '发货账号已更换' : '发货账号已保存')
      onSaved()
    } catch (err) {
      if (!alreadyNotified(err)) setError(apiErrorText(err, '保存失败'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={current ? '更换发货账号' : '设置发货账号'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: !config.data }}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <p className="modal-goods-title">{account.goodsTitle}</p>
      <Alert
        className="account-modal__note"
        type="info"
        showIcon
        icon={<SafetyCertificateOutlined />}
        title="账号信息加密保存，只在买家付款后交付给买家；保存后您也只能看到打码后的内容。"
      />
      {config.error ? (
        <Alert type="error" showIcon title={apiErrorText(config.error, '交付信息配置加载失败')} />
      ) : !config.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Form form={form} layout="vertical" autoComplete="off" onFinish={() => void save()}>
          {fields.map((field) => (
            <Form.Item
              key={field.key}
              name={field.key}
              label={field.label}
              extra={
                current?.fields[field.key]
                  ? `当前：${current.fields[field.key]}（不填写则${field.required ? '需重新填写' : '清空'}）`
                  : undefined
              }
              rules={[transferFieldRule(field)]}
            >
              <TransferFieldInput field={field} />
            </Form.Item>
          ))}
        </Form>
      )}
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </Modal>
  )
}

/** The masked values with the labels of the game's transfer config (the key when unknown). */
function MaskedFields({ account }: { account: DeliveryAccount }) {
  const config = useQuery(['transfer-config', account.gameId], () =>
    loadTransferConfig(account.gameId).catch(() => null),
  )
  const labels = new Map((config.data?.fields ?? []).map((f) => [f.key, f.label]))
  return (
    <dl>
      {Object.entries(account.fields).map(([key, value]) => (
        <div key={key}>
          <dt>{labels.get(key) ?? key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export default function GoodsAccountManagePage() {
  const [params, setParams] = useSearchParams()
  const page = Number(params.get('page')) > 0 ? Number(params.get('page')) : PAGINATION.page
  const limitParam = Number(params.get('limit'))
  const limit = (PAGINATION.pageSizes as readonly number[]).includes(limitParam)
    ? limitParam
    : PAGINATION.limit
  const gameId = Number(params.get('gameId')) || undefined
  const keyword = params.get('keyword')?.trim() || undefined
  const games = useQuery(['my-games'], getMyGames)
  const list = useQuery(['delivery-accounts', gameId, keyword, page, limit], () =>
    listDeliveryAccounts({ gameId, keyword, pageNum: page, pageSize: limit }),
  )
  const [editing, setEditing] = useState<DeliveryAccount | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const gameName = useMemo(() => new Map((games.data ?? []).map((g) => [g.gameId, g.nameCn])), [games.data])

  const go = (next: { gameId?: number; keyword?: string; page?: number; limit?: number }) => {
    const search = new URLSearchParams()
    if (next.gameId) search.set('gameId', String(next.gameId))
    if (next.keyword) search.set('keyword', next.keyword)
    if (next.page && next.page !== PAGINATION.page) search.set('page', String(next.page))
    if (next.limit && next.limit !== PAGINATION.limit) search.set('limit', String(next.limit))
    setParams(search, { state: { keepScroll: true } satisfies ScrollState })
  }

  const remove = async (account: DeliveryAccount) => {
    setBusy(account.goodsId)
    try {
      await removeDeliveryAccount(account.goodsId)
      toast('success', '发货账号已删除')
      list.reload()
    } catch (error) {
      if (!alreadyNotified(error)) toast('error', apiErrorText(error))
    } finally {
      setBusy(null)
    }
  }

  const toggleAuto = async (account: DeliveryAccount, enabled: boolean) => {
    setBusy(account.goodsId)
    try {
      await setAutoDelivery({ goodsId: account.goodsId, enabled })
      toast('success', enabled ? '已开启自动交付' : '已关闭自动交付')
      list.reload()
    } catch (error) {
      if (!alreadyNotified(error)) toast('error', apiErrorText(error))
    } finally {
      setBusy(null)
    }
  }

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
      <div className="seller-toolbar">
        <Select<number>
          allowClear
          placeholder="全部游戏"
          aria-label="按游戏筛选"
          className="seller-toolbar__game"
          value={gameId}
          loading={games.loading}
          onChange={(value) => go({ gameId: value ?? undefined, keyword, limit })}
          options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
        />
        <Input.Search
          key={keyword ?? ''}
          defaultValue={keyword}
          allowClear
          placeholder="搜索商品标题"
          aria-label="搜索商品标题"
          className="seller-toolbar__search"
          maxLength={50}
          onSearch={(text) => go({ gameId, keyword: text.trim() || undefined, limit })}
        />
      </div>
      {list.error && !list.loading ? (
        <LoadErrorAlert title={apiErrorText(list.error, '发货账号加载失败')} onRetry={list.reload} />
      ) : (
        <Table<DeliveryAccount>
          rowKey="goodsId"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.loading}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{
            emptyText: (
              <Empty description={gameId || keyword ? '没有符合条件的账号商品' : '您还没有账号类商品'}>
                {gameId || keyword ? null : (
                  <Link to="/seller/selectType.html">
                    <Button type="primary">发布账号</Button>
                  </Link>
                )}
              </Empty>
            ),
          }}
        />
      )}
      <Pagination
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(p, l) => go({ gameId, keyword, page: p, limit: l })}
      />
      {editing ? (
        <AccountModal
          account={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            list.reload()
          }}
        />
      ) : null}
    </CentreLayout>
  )
}
