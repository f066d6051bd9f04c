/**
 * The WeChat card of account settings (/my/setting): whether my account is bound to a WeChat
 * identity of the official account, binding by QR code (polled until scanned), unbinding, the
 * master switch of WeChat notifications and one switch per template (docs/wechat.md).
 */
import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Modal, Skeleton, Switch, Tag } from 'antd'
import { WechatOutlined } from '@ant-design/icons'
import {
  bindResultQuery,
  useBuildQrCode,
  useUnbindWechat,
  useUpdateIsSend,
  useUpdateTemplateSend,
  wechatBindingQuery,
  wechatKeys,
} from '@renderer/api/wechat'
import { withFeedback } from '@renderer/app/feedback'
import { parseTime } from '@renderer/utils/time'
import { QrPanel } from './QrPanel'
import './wechat.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

function BindDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const queryClient = useQueryClient()
  const build = useBuildQrCode()
  const qr = build.data
  const poll = useQuery({ ...bindResultQuery(qr?.sceneId ?? ''), enabled: open && Boolean(qr) })
  const status = poll.data?.status
  const { mutate, reset } = build

  useEffect(() => {
    if (open) mutate('BIND')
    else reset()
  }, [open, mutate, reset])

  useEffect(() => {
    if (status !== 'BOUND') return
    withFeedback(({ message }) => message.success('微信绑定成功'))
    void queryClient.invalidateQueries({ queryKey: wechatKeys.binding })
    onClose()
  }, [status, queryClient, onClose])

  const error = build.error ?? poll.error
  return (
    <Modal open={open} title="绑定微信" footer={null} onCancel={onClose} destroyOnHidden width={360}>
      <ErrorAlert error={error} />
      {poll.data?.status === 'FAILED' ? (
        <Alert type="warning" showIcon title={poll.data.reason ?? '绑定失败'} role="alert" />
      ) : null}
      <QrPanel
        qr={qr}
        loading={build.isPending}
        expired={status === 'EXPIRED' || status === 'FAILED'}
        hint="请使用微信扫描二维码，关注公众号完成绑定"
        onRefresh={() => mutate('BIND')}
      />
    </Modal>
  )
}

export function WechatBindingCard() {
  const binding = useQuery(wechatBindingQuery())
  const unbind = useUnbindWechat()
  const isSend = useUpdateIsSend()
  const templateSend = useUpdateTemplateSend()
  const [binding$, setBinding] = useState(false)
  const b = binding.data

  const confirmUnbind = () =>
    withFeedback(({ modal }) =>
      modal.confirm({
        title: '解除微信绑定',
        content: '解绑后将不能用该微信扫码登录，也不再收到微信通知。确定解绑吗？',
        okText: '解绑',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => unbind.mutateAsync(),
      }),
    )

  return (
    <Card
      title={
        <span>
          <WechatOutlined style={{ color: '#07c160' }} /> 微信公众号
        </span>
      }
      aria-label="微信绑定"
    >
      {binding.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      <ErrorAlert error={binding.error} />
      <ErrorAlert error={unbind.error} />
      {b ? (
        <>
          <div className="wechat-card__row">
            <div>
              {b.bound ? (
                <>
                  <Tag color="success">已绑定</Tag> {b.nickname}
                  {b.boundAt ? (
                    <span className="wechat-qr__left">（{parseTime(b.boundAt)} 绑定）</span>
                  ) : null}
                </>
              ) : (
                <>
                  <Tag>未绑定</Tag> 绑定后可微信扫码登录，并接收订单、出价、提现等微信通知
                </>
              )}
            </div>
            {b.bound ? (
              <Button onClick={confirmUnbind} loading={unbind.isPending}>
                解绑
              </Button>
            ) : (
              <Button type="primary" onClick={() => setBinding(true)}>
                绑定微信
              </Button>
            )}
          </div>
          {b.bound ? (
            <>
              <div className="wechat-card__row">
                <span>接收微信通知</span>
                <Switch
                  checked={b.isSend}
                  loading={isSend.isPending}
                  onChange={(on) => isSend.mutate(on)}
                  aria-label="接收微信通知"
                />
              </div>
              <div className="wechat-card__templates">
                {b.templates.map((t) => (
                  <div className="wechat-card__row" key={t.key}>
                    <span>{t.name}</span>
                    <Switch
                      size="small"
                      checked={t.enabled}
                      disabled={!b.isSend}
                      loading={templateSend.isPending && templateSend.variables?.key === t.key}
                      onChange={(on) => templateSend.mutate({ key: t.key, enabled: on })}
                      aria-label={t.name}
                    />
                  </div>
                ))}
              </div>
            </>
          ) : null}
        </>
      ) : null}
      <BindDialog open={binding$} onClose={() => setBinding(false)} />
    </Card>
  )
}

export default WechatBindingCard
