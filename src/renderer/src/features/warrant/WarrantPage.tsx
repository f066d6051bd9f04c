/**
 * /warrantOrderHandler.html (standalone, opened in a new tab from the header): the escrow rooms of
 * my orders with unread badges; the selected room's messages (buyer / seller / staff / system styled);
 * text and evidence images; a dispute with its reason. Staff (admin) see the disputed rooms (and the
 * ones they ruled) and rule 放款给卖家 / 退款给买家 / 部分退款 with a written reason, confirming the
 * outcome in money first; the room then shows the ruling to both parties. The room list and the
 * open room refresh every few seconds.
 */
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Alert, Badge, Button, Empty, Form, Image, Input, Modal, Radio, Skeleton, Tag, Upload } from 'antd'
import { PictureOutlined, SendOutlined } from '@ant-design/icons'
import { ROLE_ADMIN } from '@shared/constants'
import {
  ORDER_STATUS_LABELS,
  RULING_DECISION_LABELS,
  RULING_LIMITS,
  type RulingDecision,
  type WarrantMessage,
  type WarrantRoom,
} from '@shared/api/trade'
import type { GoodsImage } from '@shared/api/goods'
import { imageSrc, uploadGoodsImage } from '@renderer/api/goods'
import {
  disputeOrder,
  getOrderDispute,
  listWarrantMessages,
  listWarrantRooms,
  postWarrantMessage,
  ruleWarrant,
} from '@renderer/api/trade'
import { useSessionStore } from '@renderer/stores/session'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatTradeTime } from '@renderer/utils/time'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { ORDER_STATUS_COLORS } from '@renderer/features/trade/trade-utils'
import './warrant.css'

const REFRESH_MS = 5000
const MAX_IMAGES = 6
const ROLE_NAMES: Record<WarrantMessage['senderRole'], string> = {
  buyer: '买家',
  seller: '卖家',
  staff: '平台客服',
  system: '系统',
}

function useTick(ms: number): number {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), ms)
    return () => window.clearInterval(timer)
  }, [ms])
  return tick
}

function MessageItem({ message, mine }: { message: WarrantMessage; mine: boolean }) {
  return (
    <div className={`warrant-msg warrant-msg--${message.senderRole} ${mine ? 'is-mine' : ''}`}>
      {message.senderRole === 'system' ? null : (
        <div className="warrant-msg__who">
          {ROLE_NAMES[message.senderRole]} {message.senderName} · {formatTradeTime(message.createdAt)}
        </div>
      )}
      <div className="warrant-msg__bubble">
        {message.content}
        {message.imageUrls.length > 0 ? (
          <div className="warrant-msg__images">
            <Image.PreviewGroup>
              {message.imageUrls.map((url) => (
                <Image
                  key={url}
                  src={imageSrc(url)}
                  width={88}
                  height={66}
                  style={{ objectFit: 'cover' }}
                  alt="证据图片"
                />
              ))}
            </Image.PreviewGroup>
          </div>
        ) : null}
      </div>
    </div>
  )
}

function Compose({ orderNo, onSent }: { orderNo: string; onSent: () => void }) {
  const [text, setText] = useState('')
  const [images, setImages] = useState<GoodsImage[]>([])
  const [uploading, setUploading] = useState(0)
  const [sending, setSending] = useState(false)
  const send = async () => {
    if (!text.trim() && images.length === 0) return
    setSending(true)
    try {
      await postWarrantMessage({ orderNo, content: text.trim(), imageIds: images.map((i) => i.imageId) })
      setText('')
      setImages([])
      onSent()
    } catch (err) {
      toast('error', apiErrorText(err, '发送失败'))
    } finally {
      setSending(false)
    }
  }
  return (
    <div className="warrant-compose">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        maxLength={1000}
        aria-label="消息内容"
        placeholder="描述问题或上传证据截图；请勿在此发送账号密码"
        onPressEnter={(e) => {
          if (!e.shiftKey) {
            e.preventDefault()
            void send()
          }
        }}
      />
      {images.length > 0 ? (
        <div className="warrant-msg__images">
          {images.map((image) => (
            <Image
              key={image.imageId}
              src={imageSrc(image.thumbUrl || image.url)}
              width={64}
              height={48}
              alt="待发送图片"
            />
          ))}
        </div>
      ) : null}
      <div className="warrant-compose__bar">
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          multiple
          disabled={images.length >= MAX_IMAGES}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading((n) => n + 1)
            uploadGoodsImage(file as Blob)
              .then((image) => {
                setImages((list) => (list.length >= MAX_IMAGES ? list : [...list, image]))
                onSuccess?.(image)
              })
              .catch((err: unknown) => {
                toast('error', apiErrorText(err, '图片上传失败'))
                onError?.(err as Error)
              })
              .finally(() => setUploading((n) => n - 1))
          }}
        >
          <Button icon={<PictureOutlined />} loading={uploading > 0}>
            证据图片
          </Button>
        </Upload>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          disabled={uploading > 0}
          onClick={() => void send()}
        >
          发送
        </Button>
      </div>
    </div>
  )
}

function DisputeButton({ orderNo, onDone }: { orderNo: string; onDone: () => void }) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [saving, setSaving] = useState(false)
  const submit = async () => {
    if (!reason.trim()) {
      toast('warning', '请填写仲裁原因')
      return
    }
    setSaving(true)
    try {
      await disputeOrder({ orderNo, reason: reason.trim() })
      toast('success', '已申请仲裁，订单资金已冻结')
      setOpen(false)
      onDone()
    } catch (err) {
      toast('error', apiErrorText(err, '申请仲裁失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        申请仲裁
      </Button>
      <Modal
        open={open}
        title="申请仲裁"
        okText="提交"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
      >
        <p>仲裁期间订单资金冻结，平台客服会在本聊天室介入处理。</p>
        <Input.TextArea
          rows={4}
          maxLength={500}
          showCount
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-label="仲裁原因"
        />
      </Modal>
    </>
  )
}

type RuleValues = { decision?: RulingDecision; refundYuan?: string; reason: string }
type RulePlan = { decision: RulingDecision; refund: number; settle: number; reason: string }

/** What a decision pays out: fen back to the buyer and fen to the seller (they add up to the amount). */
function planOf(values: RuleValues, amount: number): RulePlan | null {
  const refund =
    values.decision === 'RELEASE'
      ? 0
      : values.decision === 'REFUND'
        ? amount
        : values.decision === 'SPLIT'
          ? yuanToFen(values.refundYuan ?? '')
          : null
  if (!values.decision || refund === null || refund < 0 || refund > amount) return null
  return { decision: values.decision, refund, settle: amount - refund, reason: values.reason.trim() }
}

/**
 * Staff's ruling, in two steps. First the decision — no default, staff choose 放款给卖家 / 退款给买家 /
 * 部分退款 (with the refund in 元) — and a written reason both parties will read. Then a confirmation
 * that restates the outcome in money (买家退回 ¥x，卖家结算 ¥y) before anything is sent: the money
 * moves at once and cannot be taken back.
 */
function RuleButton({ room, onDone }: { room: WarrantRoom; onDone: () => void }) {
  const { orderNo, amount } = room
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<RuleValues>()
  const decision = Form.useWatch('decision', form)
  const [plan, setPlan] = useState<RulePlan | null>(null)
  const [saving, setSaving] = useState(false)
  const close = () => {
    setOpen(false)
    setPlan(null)
  }
  const review = async () => {
    const values = await form.validateFields()
    setPlan(planOf(values, amount))
  }
  const send = async () => {
    if (!plan) return
    setSaving(true)
    try {
      await ruleWarrant({ orderNo, decision: plan.decision, refundAmount: plan.refund, reason: plan.reason })
      toast('success', `已裁定：${RULING_DECISION_LABELS[plan.decision]}`)
      close()
      onDone()
    } catch (err) {
      toast('error', apiErrorText(err, '裁定失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        仲裁裁定
      </Button>
      <Modal
        open={open}
        title={plan ? '确认裁定' : '仲裁裁定'}
        onCancel={close}
        destroyOnHidden
        footer={
          plan
            ? [
                <Button key="back" onClick={() => setPlan(null)} disabled={saving}>
                  返回修改
                </Button>,
                <Button key="send" type="primary" danger loading={saving} onClick={() => void send()}>
                  确认裁定
                </Button>,
              ]
            : [
                <Button key="cancel" onClick={close}>
                  取消
                </Button>,
                <Button key="next" type="primary" onClick={() => void review().catch(() => undefined)}>
                  下一步
                </Button>,
              ]
        }
      >
        {plan ? (
          <div className="warrant-rule__confirm" aria-label="裁定确认">
            <Alert type="warning" showIcon title="提交后资金立即划转，无法撤销，请核对金额。" />
            <p className="warrant-rule__money">
              买家退回 {formatYuan(plan.refund)}，卖家结算 {formatYuan(plan.settle)}
            </p>
            <p>
              裁定结果：{RULING_DECISION_LABELS[plan.decision]}（订单金额 {formatYuan(amount)}）
            </p>
            <p className="warrant-rule__reason">裁决理由：{plan.reason}</p>
          </div>
        ) : null}
        {/* kept mounted under the confirmation, so 返回修改 finds the values as they were */}
        <div hidden={plan !== null}>
          <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
            <p>订单金额 {formatYuan(amount)}，裁定后资金按结果划转给买家和卖家。</p>
            <Form.Item
              name="decision"
              label="裁定结果"
              rules={[{ required: true, message: '请选择裁定结果' }]}
            >
              <Radio.Group
                options={(['RELEASE', 'REFUND', 'SPLIT'] as const).map((value) => ({
                  value,
                  label: RULING_DECISION_LABELS[value],
                }))}
              />
            </Form.Item>
            {decision === 'SPLIT' ? (
              <Form.Item
                name="refundYuan"
                label="退回买家金额（元）"
                extra="其余部分结算给卖家"
                rules={[
                  {
                    validator: async (_, value: string | undefined) => {
                      const fen = yuanToFen(value ?? '')
                      if (fen === null) throw new Error('请输入正确的金额（最多两位小数）')
                      if (fen <= 0 || fen >= amount)
                        throw new Error(
                          `部分退款须大于 0 且小于订单金额 ${formatYuan(amount)}；全额请选择${RULING_DECISION_LABELS.REFUND}`,
                        )
                    },
                  },
                ]}
              >
                <Input prefix="¥" inputMode="decimal" aria-label="退回买家金额" />
              </Form.Item>
            ) : null}
            <Form.Item
              name="reason"
              label="裁决理由（买卖双方可见）"
              rules={[{ required: true, whitespace: true, message: '请填写裁决理由' }]}
            >
              <Input.TextArea rows={3} maxLength={RULING_LIMITS.reasonMax} showCount aria-label="裁决理由" />
            </Form.Item>
          </Form>
        </div>
      </Modal>
    </>
  )
}

/** The dispute of the room's order: why it was opened, and once ruled, the outcome in money and the reason. */
function DisputeNotice({ orderNo, status, round }: { orderNo: string; status: string; round: number }) {
  const dispute = useQuery(['warrant-dispute', orderNo, status, round], () => getOrderDispute(orderNo))
  const d = dispute.data
  if (!d) return null
  const opener = d.openedBy === 'buyer' ? '买家' : d.openedBy === 'seller' ? '卖家' : ''
  if (!d.ruling)
    return (
      <Alert
        className="warrant-dispute"
        type="warning"
        showIcon
        title={`仲裁中：${opener ? `${opener}于 ` : ''}${formatTradeTime(d.openedAt)} 发起`}
        description={`仲裁原因：${d.reason}`}
      />
    )
  const r = d.ruling
  return (
    <Alert
      className="warrant-dispute"
      type="info"
      showIcon
      title={`仲裁结果：${RULING_DECISION_LABELS[r.decision]}`}
      description={
        <>
          <div className="warrant-rule__money">
            买家退回 {formatYuan(r.refundAmount)}，卖家结算 {formatYuan(r.settleAmount)}
          </div>
          <div>裁决理由：{r.reason}</div>
          <div className="warrant-room__meta">
            {formatTradeTime(r.ruledAt)} 由平台客服裁定 · 仲裁原因：{d.reason}
          </div>
        </>
      }
    />
  )
}

function Room({ room, staff, onChanged }: { room: WarrantRoom; staff: boolean; onChanged: () => void }) {
  const tick = useTick(REFRESH_MS)
  const [round, setRound] = useState(0)
  const messages = useQuery(['warrant-messages', room.orderNo, tick, round], () =>
    listWarrantMessages(room.orderNo),
  )
  const myId = useSessionStore((s) => s.userInfo?.userId)
  const box = useRef<HTMLDivElement>(null)
  const count = messages.data?.length ?? 0
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight
  }, [count])
  const refresh = () => {
    setRound((r) => r + 1)
    onChanged()
  }
  const closed = room.status === 'SETTLED' || room.status === 'REFUNDED' || room.status === 'CANCELLED'
  return (
    <section className="panel warrant-chat" aria-label={`担保聊天室 ${room.orderNo}`}>
      <div className="panel__head">
        <h1 className="panel__title">
          {room.goodsTitle}{' '}
          <Tag color={ORDER_STATUS_COLORS[room.status]}>{ORDER_STATUS_LABELS[room.status]}</Tag>
        </h1>
        <div style={{ display: 'flex', gap: 8 }}>
          {staff && room.status === 'ARBITRATING' ? <RuleButton room={room} onDone={refresh} /> : null}
          {!staff && !closed && room.status !== 'ARBITRATING' ? (
            <DisputeButton orderNo={room.orderNo} onDone={refresh} />
          ) : null}
        </div>
      </div>
      <p className="warrant-room__meta">
        订单号 {room.orderNo} · 买家 {room.buyerName} · 卖家 {room.sellerName}
      </p>
      <DisputeNotice orderNo={room.orderNo} status={room.status} round={round} />
      <div className="warrant-messages" ref={box} aria-live="polite">
        {messages.error ? (
          <Alert type="error" showIcon title={apiErrorText(messages.error, '消息加载失败')} />
        ) : !messages.data ? (
          <Skeleton active />
        ) : messages.data.length === 0 ? (
          <Empty description="还没有消息" />
        ) : (
          messages.data.map((m) => <MessageItem key={m.messageId} message={m} mine={m.senderId === myId} />)
        )}
      </div>
      {closed ? (
        <Alert type="info" showIcon title="订单已结束，聊天室只读" style={{ marginTop: 12 }} />
      ) : (
        <Compose orderNo={room.orderNo} onSent={refresh} />
      )}
    </section>
  )
}

export default function WarrantPage() {
  const [params, setParams] = useSearchParams()
  const tick = useTick(REFRESH_MS * 2)
  const [round, setRound] = useState(0)
  const rooms = useQuery(['warrant-rooms', tick, round], listWarrantRooms)
  const staff = useSessionStore((s) => s.roles.includes(ROLE_ADMIN))
  const list = rooms.data ?? []
  const selectedNo = params.get('orderNo') ?? list[0]?.orderNo ?? null
  const selected = list.find((r) => r.orderNo === selectedNo) ?? null
  return (
    <div className="warrant-page">
      <aside className="panel warrant-rooms" aria-label="担保订单列表">
        <h2 className="panel__title">{staff ? '担保订单（含仲裁）' : '我的担保订单'}</h2>
        {rooms.error ? (
          <Alert type="error" showIcon title={apiErrorText(rooms.error, '加载失败')} />
        ) : !rooms.data ? (
          <Skeleton active />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无担保订单" />
        ) : (
          list.map((room) => (
            <button
              key={room.orderNo}
              type="button"
              className={`warrant-room ${room.orderNo === selectedNo ? 'is-active' : ''}`}
              aria-current={room.orderNo === selectedNo ? 'true' : undefined}
              onClick={() => setParams({ orderNo: room.orderNo })}
            >
              <span className="warrant-room__title">
                <span>{room.goodsTitle}</span>
                <Badge count={room.orderNo === selectedNo ? 0 : room.unread} size="small" />
              </span>
              <span className="warrant-room__meta">
                {ORDER_STATUS_LABELS[room.status]} ·{' '}
                {room.lastMessageAt ? formatTradeTime(room.lastMessageAt) : '无消息'}
              </span>
            </button>
          ))
        )}
      </aside>
      {selected ? (
        <Room key={selected.orderNo} room={selected} staff={staff} onChanged={() => setRound((r) => r + 1)} />
      ) : (
        <section className="panel warrant-chat">
          <Empty description={rooms.data ? '选择左侧的担保订单查看消息' : '加载中…'} />
        </section>
      )}
    </div>
  )
}
