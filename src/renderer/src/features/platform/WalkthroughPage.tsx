/**
 * /walkthrough.html 游戏攻略: guides per game (notices of type GUIDE tied to a game), a game filter
 * (?gameId=) and the chosen guide (?id=) beside the list. Guide content is shown exactly like a
 * notice (NoticeContent): paragraphs of plain text, or the server-sanitised HTML of the console.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { Breadcrumb, Empty, Result, Skeleton, Tag } from 'antd'
import { gamesQuery } from '@renderer/api/game'
import { noticeListQuery, noticeQuery } from '@renderer/api/notice'
import { NoticeContent } from '@renderer/components/NoticeContent'
import { Pagination } from '@renderer/components/Pagination'
import { idFromParam } from './walkthrough-params'
import { parseTime } from '@renderer/utils/time'
import './walkthrough.css'

const PAGE_SIZE = 10

function GuideDetail({ noticeId }: { noticeId: number }) {
  const { data, isPending, isError } = useQuery(noticeQuery(noticeId))
  if (isPending) return <Skeleton active title paragraph={{ rows: 8 }} />
  if (isError || !data) return <Result status="warning" title="该攻略不存在或已下线" />
  return (
    <article className="walkthrough-detail" aria-label="攻略详情">
      <h1>{data.title}</h1>
      <p className="walkthrough-detail__meta">发布时间：{parseTime(data.createdAt)}</p>
      <NoticeContent notice={data} />
    </article>
  )
}

export default function WalkthroughPage() {
  const [params, setParams] = useSearchParams()
  const gameId = idFromParam(params.get('gameId'))
  const selected = idFromParam(params.get('id'))
  const [page, setPage] = useState(1)
  const games = useQuery(gamesQuery())
  const list = useQuery(
    noticeListQuery({
      noticeType: 'GUIDE',
      ...(gameId ? { gameId } : { withGame: true }),
      pageNum: page,
      pageSize: PAGE_SIZE,
    }),
  )
  const gameName = (id: number | null | undefined) => games.data?.find((g) => g.gameId === id)?.nameCn
  const rows = list.data?.rows ?? []
  const shown = selected ?? rows[0]?.noticeId ?? null

  const pick = (next: { gameId?: number | null; id?: number | null }) => {
    const g = next.gameId === undefined ? gameId : next.gameId
    const id = next.id === undefined ? selected : next.id
    const out: Record<string, string> = {}
    if (g) out.gameId = String(g)
    if (id) out.id = String(id)
    setParams(out)
  }

  return (
    <div className="page-container walkthrough-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to="/">首页</Link> }, { title: '游戏攻略' }]}
      />
      <div className="panel walkthrough-games" role="group" aria-label="按游戏筛选">
        <Tag.CheckableTag
          checked={!gameId}
          onChange={() => {
            setPage(1)
            pick({ gameId: null, id: null })
          }}
        >
          全部游戏
        </Tag.CheckableTag>
        {(games.data ?? []).map((g) => (
          <Tag.CheckableTag
            key={g.gameId}
            checked={gameId === g.gameId}
            onChange={() => {
              setPage(1)
              pick({ gameId: g.gameId, id: null })
            }}
          >
            {g.nameCn}
          </Tag.CheckableTag>
        ))}
      </div>
      <div className="walkthrough-layout">
        <section className="panel walkthrough-list">
          <h2 className="walkthrough-list__title">{gameId ? `${gameName(gameId) ?? ''}攻略` : '全部攻略'}</h2>
          {list.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : list.isError ? (
            <Empty description="攻略加载失败，请稍后刷新重试" />
          ) : rows.length === 0 ? (
            <Empty description="该游戏暂无攻略" />
          ) : (
            <ul>
              {rows.map((n) => (
                <li key={n.noticeId}>
                  <button
                    type="button"
                    className={`walkthrough-list__item${shown === n.noticeId ? ' is-active' : ''}`}
                    onClick={() => pick({ id: n.noticeId })}
                  >
                    <span className="walkthrough-list__name">{n.title}</span>
                    <span className="walkthrough-list__meta">
                      {gameName(n.gameId) ? <Tag color="blue">{gameName(n.gameId)}</Tag> : null}
                      {parseTime(n.createdAt, 'YYYY-MM-DD')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            total={list.data?.total ?? 0}
            page={page}
            limit={PAGE_SIZE}
            autoScroll={false}
            onChange={(p) => setPage(p)}
          />
        </section>
        <section className="panel walkthrough-main">
          {shown ? <GuideDetail noticeId={shown} /> : <Empty description="请选择一篇攻略" />}
        </section>
      </div>
    </div>
  )
}
