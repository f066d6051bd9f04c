/**
 * /user/userCert.html 实名认证: name and mainland ID number, checked here with the same rule as the
 * server (format, region, birth date, GB 11643 checksum) before anything is sent; then the server's
 * two-factor check. A verified identity shows masked; changing it, or a case the check cannot
 * answer, goes to staff as a manual review.
 */
import { useState } from 'react'
import { Alert, Button, Descriptions, Form, Input, Result, Skeleton } from 'antd'
import { IdcardOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { idCardProblem } from '@shared/rules/id-card'
import { realNameQuery, useRequestRealNameReview, useVerifyRealName } from '@renderer/api/account'
import { ACCOUNT_CENTRE, CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { parseTime } from '@renderer/utils/time'

export const realNameRule = {
  required: true,
  pattern: /^[\u4e00-\u9fa5·]{2,20}$/,
  message: '请输入 2-20 个汉字的真实姓名',
}

export const idNumberRule = {
  validator: (_: unknown, value: string) => {
    if (!value) return Promise.reject(new Error('请输入身份证号'))
    const problem = idCardProblem(value)
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
  },
}

interface Values {
  realName: string
  idNumber: string
  reason?: string
}

export default function UserCertPage() {
  const view = useQuery(realNameQuery())
  const verify = useVerifyRealName()
  const review = useRequestRealNameReview()
  const [manual, setManual] = useState(false)
  const data = view.data

  const form = (
    <Form<Values>
      layout="vertical"
      onFinish={(v) => {
        const body = { realName: v.realName.trim(), idNumber: v.idNumber.trim().toUpperCase() }
        if (manual) review.mutate({ ...body, reason: v.reason?.trim() || '申请人工审核' })
        else verify.mutate(body)
      }}
      onValuesChange={() => {
        if (verify.isError) verify.reset()
      }}
    >
      <Form.Item name="realName" label="真实姓名" rules={[realNameRule]}>
        <Input prefix={<IdcardOutlined />} maxLength={20} aria-label="真实姓名" />
      </Form.Item>
      <Form.Item name="idNumber" label="身份证号" rules={[idNumberRule]}>
        <Input maxLength={18} aria-label="身份证号" placeholder="18 位中国大陆居民身份证号" />
      </Form.Item>
      {manual ? (
        <Form.Item name="reason" label="申请说明" rules={[{ required: true, message: '请填写申请说明' }]}>
          <Input.TextArea
            maxLength={200}
            rows={3}
            aria-label="申请说明"
            placeholder="例如：自动核验未通过、需要变更实名信息"
          />
        </Form.Item>
      ) : null}
      <ErrorAlert
        error={verify.error ?? review.error}
        fallback="认证失败"
        style={{ marginBottom: 16 }}
        action={
          manual ? null : (
            <Button size="small" onClick={() => setManual(true)}>
              提交人工审核
            </Button>
          )
        }
      />
      <Button type="primary" htmlType="submit" block loading={verify.isPending || review.isPending}>
        {manual ? '提交人工审核' : '立即认证'}
      </Button>
    </Form>
  )

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title="实名认证">
      <div className="centre-narrow" style={{ maxWidth: 480 }}>
        {view.isPending ? (
          <Skeleton active />
        ) : data?.status === 'VERIFIED' && !manual ? (
          <>
            <Result
              status="success"
              title="已完成实名认证"
              subTitle={data.adult ? '您可以正常交易' : '未满 18 周岁，暂不能交易'}
            />
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="真实姓名">{data.name}</Descriptions.Item>
              <Descriptions.Item label="身份证号">{data.idNumber}</Descriptions.Item>
              <Descriptions.Item label="认证时间">
                {data.verifiedAt ? parseTime(data.verifiedAt) : ''}
              </Descriptions.Item>
            </Descriptions>
            {data.pendingReview ? (
              <Alert style={{ marginTop: 16 }} type="info" showIcon title="您的实名变更申请正在人工审核中" />
            ) : (
              <Button style={{ marginTop: 16 }} onClick={() => setManual(true)}>
                申请变更实名信息
              </Button>
            )}
          </>
        ) : data?.pendingReview ? (
          <Result
            status="info"
            title="实名信息人工审核中"
            subTitle="客服将在 1-2 个工作日内完成审核，结果会通过站内信通知您"
          />
        ) : (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="实名认证后才能提现和上架商品"
              description="您的身份信息加密保存，仅用于身份核验，页面中只显示部分内容。未满 18 周岁不能交易。"
            />
            {data?.rejectedRemark ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={`上次人工审核未通过：${data.rejectedRemark}`}
              />
            ) : null}
            {form}
          </>
        )}
      </div>
    </CentreLayout>
  )
}
