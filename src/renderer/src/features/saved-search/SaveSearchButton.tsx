/**
 * 保存搜索/订阅 on the list page: saves the page's current query under a name; new listings that
 * match it (published, relisted or cheaper) are announced in batches (docs/saved-searches.md).
 * Needs a login (请先登录！ and the login page otherwise).
 */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, Form, Input, Modal } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { SAVED_SEARCH_LIMITS } from '@shared/api/saved-search'
import {
  describeFilters,
  savedSearchOf,
  toListSearch,
  type FilterNames,
  type ListFilters,
} from '@shared/list-query'
import { SAVED_SEARCHES_PATH } from '@shared/live-events'
import { useAddSavedSearch } from '@renderer/api/saved-search'
import { useRequireLogin } from '@renderer/components/use-require-login'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { toast } from '@renderer/utils/toast'
import './saved-search.css'

/** A name to start from: the conditions in words, cut to the name's length. */
export function defaultSearchName(filters: ListFilters, names: FilterNames = {}): string {
  const words = describeFilters({ ...filters, sort: 'default' }, names)
  return words.slice(0, SAVED_SEARCH_LIMITS.name)
}

/** `names`: what the list page knows of the ids in its filters (game, area, server, attribute labels). */
export function SaveSearchButton({ filters, names }: { filters: ListFilters; names: FilterNames }) {
  const ensureLogin = useRequireLogin()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const add = useAddSavedSearch()
  const { query } = savedSearchOf(toListSearch(filters))

  const start = () => {
    if (!ensureLogin()) return
    setName(defaultSearchName(filters, names))
    add.reset()
    setOpen(true)
  }

  const save = () => {
    add.mutate(
      { name: name.trim(), query },
      {
        onSuccess: () => {
          setOpen(false)
          toast('success', '订阅成功：有新商品上架或降价时会通知您')
        },
      },
    )
  }

  return (
    <>
      <Button icon={<BellOutlined />} onClick={start} data-testid="save-search">
        保存搜索/订阅
      </Button>
      <Modal
        title="保存搜索并订阅"
        open={open}
        okText="保存并订阅"
        cancelText="取消"
        onOk={save}
        okButtonProps={{ disabled: name.trim() === '', loading: add.isPending }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p className="save-search__conditions">条件：{describeFilters(filters, names)}</p>
        <Form layout="vertical" onFinish={save}>
          <Form.Item label="订阅名称" required>
            <Input
              value={name}
              maxLength={SAVED_SEARCH_LIMITS.name}
              showCount
              onChange={(e) => setName(e.target.value)}
              aria-label="订阅名称"
            />
          </Form.Item>
        </Form>
        <p className="save-search__hint">
          符合条件的商品新上架或降价时，我们会通过站内信、桌面通知和微信（已绑定时）提醒您；同一订阅最多每 10
          分钟提醒一次。可在 <Link to={SAVED_SEARCHES_PATH}>订阅搜索</Link> 中管理。
        </p>
        <ErrorAlert error={add.error} />
      </Modal>
    </>
  )
}
