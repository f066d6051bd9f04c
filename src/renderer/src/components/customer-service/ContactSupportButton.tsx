/** 联系客服 on an order, a listing or a dispute: opens 在线客服 with it attached (docs/customer-service.md). */
import { Button, type ButtonProps } from 'antd'
import { CustomerServiceOutlined } from '@ant-design/icons'
import type { CsOpenedAbout } from '@shared/desktop'
import { useCustomerService } from './use-customer-service'

export function ContactSupportButton({
  about,
  label = '联系客服',
  ...props
}: { about: CsOpenedAbout; label?: string } & Omit<ButtonProps, 'onClick' | 'about'>) {
  const open = useCustomerService()
  return (
    <Button icon={<CustomerServiceOutlined />} {...props} onClick={() => open(about)}>
      {label}
    </Button>
  )
}
