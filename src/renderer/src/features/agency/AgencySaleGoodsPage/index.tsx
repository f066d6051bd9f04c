/**
 * /agencySale/agencySaleGoods.html 我的代售申请 (docs/agency-sale.md): apply for 官方代售 and follow the
 * applications by state with their timeline; withdraw while not sold.
 */
import '../agency.css'
import { useState } from 'react'
import { Tabs } from 'antd'
import { CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { AGENCY_CENTRE } from '../centre'
import { ApplicationList } from './ApplicationList'
import { ApplyForm } from './ApplyForm'

export default function AgencySaleGoodsPage() {
  const [tab, setTab] = useState('list')
  return (
    <CentreLayout centre={AGENCY_CENTRE} title="我的代售申请">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'list', label: '我的代售', children: <ApplicationList /> },
          { key: 'apply', label: '申请代售', children: <ApplyForm onApplied={() => setTab('list')} /> },
        ]}
      />
    </CentreLayout>
  )
}
