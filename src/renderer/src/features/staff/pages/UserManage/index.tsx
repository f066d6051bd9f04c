/**
 * 用户管理: search users, view one, lock / unlock with a reason (the user's sessions end), reset the
 * login password (a temporary one shown once; the user must change it), roles; the detail shows the
 * user's money and latest orders (UserActivity).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Descriptions, Drawer, Modal, Popconfirm, Space } from 'antd'
import type { StaffUserQuery, StaffUser } from '@shared/api/auth'
import { PERMS } from '@shared/permissions'
import {
  staffUsersQuery,
  roleOptionsQuery,
  useLockUser,
  useResetUserPassword,
  useSetUserRoles,
} from '@renderer/api/auth'
import { HasPermi } from '@renderer/components/HasPermi'
import { DictTag, DictFilter } from '../../parts/dict'
import { ReasonModal } from '../../parts/ReasonModal'
import { FilterForm, usePagedQuery, TextFilter } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { UserActivity } from './UserActivity'
import { dateTime, FIRST_PAGE } from '../../parts/table'

function RolesEditor({ user, onDone }: { user: StaffUser; onDone: () => void }) {
  const options = useQuery(roleOptionsQuery()).data ?? []
  const [keys, setKeys] = useState<string[]>(user.roles)
  const save = useSetUserRoles()
  return (
    <Space direction="vertical">
      <Checkbox.Group
        value={keys}
        onChange={(v) => setKeys(v as string[])}
        options={options.map((o) => ({
          value: o.roleKey,
          label: o.disabled ? `${o.roleName}（已停用）` : o.roleName,
        }))}
      />
      <span className="console-message">
        只有含「进入管理后台」权限的角色能让用户进入管理后台；角色的权限在用户下一次请求时生效。
      </span>
      <Button
        type="primary"
        loading={save.isPending}
        onClick={() => save.mutate({ userId: user.userId, roleKeys: keys }, { onSuccess: onDone })}
      >
        保存角色
      </Button>
    </Space>
  )
}

export default function UserManagePage() {
  const { query, search, paging } = usePagedQuery<StaffUserQuery>(FIRST_PAGE)
  const [detail, setDetail] = useState<StaffUser | null>(null)
  const [locking, setLocking] = useState<StaffUser | null>(null)
  const users = useQuery(staffUsersQuery(query))
  const roleNames = new Map((useQuery(roleOptionsQuery()).data ?? []).map((r) => [r.roleKey, r.roleName]))
  const lock = useLockUser()
  const reset = useResetUserPassword()

  return (
    <>
      <FilterForm<{ userName?: string; phone?: string; status?: '0' | '1' }> onSearch={search}>
        <TextFilter name="userName" label="用户名" maxLength={64} />
        <TextFilter name="phone" label="手机号" maxLength={20} />
        <DictFilter dictType="sys_normal_disable" />
      </FilterForm>
      <QueryTable<StaffUser>
        list={users}
        rowKey="userId"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'userId', width: 80 },
          { title: '用户名', dataIndex: 'userName' },
          { title: '昵称', dataIndex: 'nickName' },
          { title: '手机号', dataIndex: 'phone', render: (v: string) => v || '-' },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (v: string[]) => v.map((k) => roleNames.get(k) ?? k).join('、'),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string) => <DictTag dictType="sys_normal_disable" value={v} />,
          },
          { title: '最近登录', dataIndex: 'lastLoginAt', render: dateTime },
          {
            title: '操作',
            key: 'op',
            render: (_, u) => (
              <Space size="small">
                <a onClick={() => setDetail(u)}>详情</a>
                <HasPermi permissions={[PERMS.userLock]}>
                  <a onClick={() => setLocking(u)}>{u.status === '0' ? '锁定' : '解锁'}</a>
                </HasPermi>
                <HasPermi permissions={[PERMS.userResetPwd]}>
                  <Popconfirm
                    title={`重置 ${u.userName} 的登录密码？其登录将失效，下次登录须修改密码。`}
                    onConfirm={() =>
                      reset.mutate(u.userId, {
                        onSuccess: ({ tempPassword }) =>
                          Modal.info({
                            title: '临时密码（仅显示一次）',
                            content: (
                              <Alert
                                type="warning"
                                message={tempPassword}
                                description="请通过安全渠道告知用户，用户登录后须立即修改密码。"
                              />
                            ),
                          }),
                      })
                    }
                  >
                    <a>重置密码</a>
                  </Popconfirm>
                </HasPermi>
              </Space>
            ),
          },
        ]}
      />
      <Drawer title="用户详情" size={520} open={detail !== null} onClose={() => setDetail(null)}>
        {detail && (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="用户名">{detail.userName}</Descriptions.Item>
              <Descriptions.Item label="昵称">{detail.nickName}</Descriptions.Item>
              <Descriptions.Item label="手机号">{detail.phone || '-'}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{detail.email || '-'}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <DictTag dictType="sys_normal_disable" value={detail.status} />
              </Descriptions.Item>
              {detail.lockReason && (
                <Descriptions.Item label="锁定原因">{detail.lockReason}</Descriptions.Item>
              )}
              <Descriptions.Item label="须修改密码">
                {detail.mustChangePassword ? '是' : '否'}
              </Descriptions.Item>
              <Descriptions.Item label="注册时间">{dateTime(detail.createdAt)}</Descriptions.Item>
              <Descriptions.Item label="最近登录">{dateTime(detail.lastLoginAt)}</Descriptions.Item>
            </Descriptions>
            <UserActivity userId={detail.userId} />
            <HasPermi permissions={[PERMS.userRole]}>
              <h4 className="console-section">角色</h4>
              <RolesEditor key={detail.userId} user={detail} onDone={() => setDetail(null)} />
            </HasPermi>
          </>
        )}
      </Drawer>
      <ReasonModal
        open={locking !== null}
        title={locking?.status === '0' ? `锁定 ${locking.userName}` : `解锁 ${locking?.userName ?? ''}`}
        label={locking?.status === '0' ? '锁定原因（用户登录时可见）' : '解锁原因'}
        loading={lock.isPending}
        onCancel={() => setLocking(null)}
        onOk={(reason) =>
          locking &&
          lock.mutate(
            { userId: locking.userId, locked: locking.status === '0', reason },
            { onSuccess: () => setLocking(null) },
          )
        }
      />
    </>
  )
}
