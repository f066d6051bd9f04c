import { useState } from 'react'
import { Button, Input, Modal } from 'antd'
import { useOpenDispute } from '@renderer/api/warrant'
import { toast } from '@renderer/utils/toast'

/** A party opens a dispute from the room: the order's money freezes and staff step in. */
export function DisputeButton({ orderNo }: { orderNo: string }) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const dispute = useOpenDispute()
  // a refusal is a toast of the request layer; the room refreshes itself
  const submit = () => {
    if (!reason.trim()) return toast('warning', '请填写仲裁原因')
    dispute.mutate(
      { orderNo, reason: reason.trim() },
      {
        onSuccess: () => {
          toast('success', '已申请仲裁，订单资金已冻结')
          setOpen(false)
        },
      },
    )
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
        confirmLoading={dispute.isPending}
        onOk={submit}
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
