/**
 * The 包赔 part of an order card (docs/recovery-protection.md): the period and the deposit, the
 * claims and their outcome, and for the buyer within the period 申请理赔 (reason, description,
 * evidence screenshots through the image upload). Only completed account orders ask the server.
 */
import './protection.css'
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Form, Image, Input, Modal, Select, Space, Tag } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import {
  CLAIM_STATUS_LABELS,
  PROTECTION_LIMITS,
  type OrderProtection as Protection,
  type ProtectionClaimReason,
} from '@shared/api/protection'
import type { Order } from '@shared/api/trade'
import { imageSrc } from '@renderer/api/goods'
import { orderProtectionQuery, protectionReasonsQuery, useFileClaim } from '@renderer/api/protection'
import { ImageUploader } from '@renderer/features/seller/ImageUploader'
import { imageIdsOf, type ShotFile } from '@renderer/features/seller/publish-form'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

/** The period as the parties read it (the console shows the deposit's own state). */
function stateText(p: Protection): string {
  if (p.startsAt === null || p.endsAt === null) return '确认收货后生效'
  if (p.status === 'PENDING' || p.status === 'ACTIVE') return `保障至 ${parseTime(p.endsAt, 'YYYY-MM-DD')}`
  return '已到期'
}

const CLAIM_COLORS = { OPEN: 'processing', APPROVED: 'success', REJECTED: 'default' } as const

interface ClaimValues {
  reason: ProtectionClaimReason
  description: string
  shots?: ShotFile[]
}

function ClaimModal({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const [form] = Form.useForm<ClaimValues>()
  const reasons = useQuery(protectionReasonsQuery())
  const file = useFileClaim()
  return (
    <Modal
      open
      title="申请包赔理赔"
      okText="提交申请"
      cancelText="取消"
      confirmLoading={file.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <ErrorAlert error={file.error} style={{ marginBottom: 12 }} />
      <Form<ClaimValues>
        form={form}
        layout="vertical"
        onFinish={(v) =>
          file.mutate(
            {
              orderNo,
              reason: v.reason,
              description: v.description.trim(),
              imageIds: imageIdsOf(v.shots ?? []),
            },
            {
              onSuccess: () => {
                toast('success', '理赔申请已提交')
                onClose()
              },
            },
          )
        }
      >
        <Form.Item name="reason" label="理赔原因" rules={[{ required: true, message: '请选择理赔原因' }]}>
          <Select
            aria-label="理赔原因"
            options={(reasons.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label="情况说明"
          rules={[{ required: true, whitespace: true, message: '请填写情况说明' }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={PROTECTION_LIMITS.description}
            showCount
            placeholder="账号何时、如何被找回，您做过哪些处理"
          />
        </Form.Item>
        <Form.Item name="shots" label={`证据截图（最多 ${PROTECTION_LIMITS.images} 张）`}>
          <ImageUploader max={PROTECTION_LIMITS.images} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function Claims({ p }: { p: Protection }) {
  return (
    <div className="protection-claims">
      {p.claims.map((c) => (
        <div key={c.claimId} className="protection-claims__item">
          <Space wrap>
            <Tag color={CLAIM_COLORS[c.status]}>{CLAIM_STATUS_LABELS[c.status]}</Tag>
            <span>{c.reasonLabel}</span>
            <span>{parseTime(c.createdAt, 'YYYY-MM-DD HH:mm')}</span>
          </Space>
          <div>{c.description}</div>
          {c.status === 'APPROVED' ? (
            <div>
              已赔付 {formatYuan(c.paidAmount)}
              {c.owedAmount > 0 ? `，另有 ${formatYuan(c.owedAmount)} 由平台向卖家追偿` : ''}
            </div>
          ) : null}
          {c.status === 'REJECTED' ? <div>驳回原因：{c.rejectReason}</div> : null}
          {c.images.length > 0 ? (
            <div className="protection-claims__images">
              {c.images.map((i) => (
                <Image
                  key={i.imageId}
                  width={64}
                  src={imageSrc(i.thumbUrl)}
                  preview={{ src: imageSrc(i.url) }}
                  alt="证据截图"
                />
              ))}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  )
}

export function OrderProtection({ order }: { order: Order }) {
  const [claiming, setClaiming] = useState(false)
  const [showing, setShowing] = useState(false)
  const asks = order.goodsType === 'ACCOUNT' && order.completedAt !== null
  const q = useQuery({ ...orderProtectionQuery(order.orderNo), enabled: asks })
  const p = q.data
  if (!asks || !p) return null
  return (
    <div className="order-protection">
      <Tag color="gold" icon={<SafetyCertificateOutlined />} className="order-protection__tag">
        包赔 {p.days} 天 · {stateText(p)}
      </Tag>
      <Space size="small">
        {p.canClaim ? (
          <Button size="small" onClick={() => setClaiming(true)}>
            申请理赔
          </Button>
        ) : null}
        {p.claims.length > 0 ? (
          <Button size="small" type="link" onClick={() => setShowing(true)}>
            理赔记录（{p.claims.length}）
          </Button>
        ) : null}
      </Space>
      {claiming ? <ClaimModal orderNo={order.orderNo} onClose={() => setClaiming(false)} /> : null}
      <Modal open={showing} title="包赔理赔记录" footer={null} onCancel={() => setShowing(false)}>
        <p>
          保证金 {formatYuan(p.deposit)}，当前冻结 {formatYuan(p.depositHeld)}
        </p>
        <Claims p={p} />
      </Modal>
    </div>
  )
}
