/**
 * Home (/): search by game, the game grid (hot games first, A-Z index), site announcements,
 * guides, how a guaranteed trade works and what protects it.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery as useTanstackQuery } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import { AutoComplete, Button, Empty, Input, Skeleton } from 'antd'
import {
  AuditOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  FireOutlined,
  CustomerServiceOutlined,
  FileProtectOutlined,
  LockOutlined,
  NotificationOutlined,
  RightOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import type { GoodsBrief } from '@shared/api/goods'
import type { Game, NoticeBrief } from '@shared/api/types'
import { HELP_LINKS, noticeDetailPath } from '@shared/help-links'
import { SERVICE_HOURS } from '@shared/constants'
import { getGames, sortGames } from '@renderer/api/game'
import { getHomeGoods } from '@renderer/api/goods'
import { noticeListQuery } from '@renderer/api/notice'
import { GoodsCard } from '@renderer/features/goods/GoodsCard'
import { useQuery } from '@renderer/utils/use-query'
import { displayName, useSessionStore } from '@renderer/stores/session'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { GameIcon, GameTile } from './GameTile'
import { gameListPath, homeSearchTarget, initialsOf, matchGames } from './game-search'
import './home.css'

const HOT = 'HOT'
const ALL = 'ALL'

const STEPS = [
  { icon: <SearchOutlined />, title: '选择商品', text: '按游戏、区服筛选，查看详细描述与截图' },
  { icon: <WalletOutlined />, title: '下单付款', text: '货款先付给平台托管，卖家拿不到钱' },
  { icon: <SolutionOutlined />, title: '卖家交付', text: '卖家按订单交付账号或物品，全程留痕' },
  { icon: <CheckCircleOutlined />, title: '确认收货', text: '您确认无误后，平台才放款给卖家' },
]

const SAFEGUARDS = [
  { icon: <SafetyCertificateOutlined />, title: '担保交易', text: '所有订单由平台担保，资金托管至交易完成' },
  { icon: <AuditOutlined />, title: '客服验证', text: '陌生人自称客服？到「客服验证」查验真伪' },
  { icon: <LockOutlined />, title: '密码加密', text: '登录与注册密码在浏览器内加密后才发送' },
  { icon: <FileProtectOutlined />, title: '规则公开', text: '用户、买家、卖家协议全部公开可查' },
]

function useGames() {
  const [games, setGames] = useState<Game[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let alive = true
    getGames()
      .then((list) => alive && setGames(sortGames(list)))
      .catch(() => alive && setFailed(true))
    return () => {
      alive = false
    }
  }, [])
  return { games, failed }
}

function useAnnouncements(): NoticeBrief[] | null {
  const { data, isError } = useTanstackQuery(
    noticeListQuery({ noticeType: 'ANNOUNCEMENT', pageNum: 1, pageSize: 7 }),
  )
  return isError ? [] : (data?.rows ?? null)
}

function GameSearch({ games }: { games: Game[] }) {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const options = useMemo(
    () =>
      matchGames(games, text)
        .slice(0, 8)
        .map((game) => ({
          value: String(game.gameId),
          label: (
            <span className="search-option">
              <GameIcon game={game} size={24} />
              <span>{game.nameCn}</span>
              <span className="search-option__en">{game.nameEn}</span>
            </span>
          ),
        })),
    [games, text],
  )
  const go = (game: Game | undefined) => {
    if (game) void navigate(gameListPath(game.gameId))
  }
  // Enter or the button: a named game opens its list, other words search every listing
  const search = () => {
    const target = homeSearchTarget(games, text)
    if (target) void navigate(target)
    else toast('info', '请输入游戏名称或商品关键词')
  }
  return (
    <div className="hero-search" role="search">
      <AutoComplete
        className="hero-search__input"
        options={options}
        value={text}
        onChange={(value: string) => setText(value)}
        onSelect={(value: string) => {
          const game = games.find((g) => String(g.gameId) === value)
          if (game) setText(game.nameCn)
          go(game)
        }}
        popupMatchSelectWidth
      >
        <Input
          size="large"
          prefix={<SearchOutlined />}
          placeholder="搜索游戏或商品，如：原神、王者荣耀 全皮肤"
          aria-label="搜索游戏"
          onPressEnter={search}
        />
      </AutoComplete>
      <Button type="primary" size="large" className="hero-search__button" onClick={search}>
        搜索
      </Button>
    </div>
  )
}

function UserCard() {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const name = useSessionStore(displayName)
  if (!loggedIn) {
    return (
      <div className="hero-card">
        <h2>欢迎来到游戏交易市场</h2>
        <p>登录后买卖游戏账号、查看订单与消息</p>
        <div className="hero-card__actions">
          <Link to="/login.html">
            <Button type="primary" block size="large">
              登录
            </Button>
          </Link>
          <Link to="/register.html">
            <Button block size="large">
              免费注册
            </Button>
          </Link>
        </div>
        <p className="hero-card__hint">
          <SafetyCertificateOutlined /> 交易请认准平台担保，切勿私下转账
        </p>
      </div>
    )
  }
  return (
    <div className="hero-card">
      <h2>您好，{name}</h2>
      <p>祝您交易顺利</p>
      <ul className="hero-card__links">
        <li>
          <Link to="/buyer/buyOrder.html">
            <ShoppingOutlined /> 我的订单
          </Link>
        </li>
        <li>
          <Link to="/seller/selectType.html">
            <WalletOutlined /> 我要卖
          </Link>
        </li>
        <li>
          <Link to="/userHome.html">
            <SolutionOutlined /> 个人中心
          </Link>
        </li>
        <li>
          <Link to="/message/userMessage.html">
            <NotificationOutlined /> 消息中心
          </Link>
        </li>
      </ul>
      <p className="hero-card__hint">
        <CustomerServiceOutlined /> 客服时间 {SERVICE_HOURS.label}
      </p>
    </div>
  )
}

function GameDirectory({ games, failed }: { games: Game[] | null; failed: boolean }) {
  const [filter, setFilter] = useState<string>(HOT)
  const letters = useMemo(() => initialsOf(games ?? []), [games])
  const hasHot = (games ?? []).some((g) => g.hot)
  const active = filter === HOT && !hasHot ? ALL : filter
  const shown = (games ?? []).filter((g) =>
    active === ALL ? true : active === HOT ? g.hot : (g.initial ?? '').toUpperCase() === active,
  )
  return (
    <section className="panel game-directory" aria-labelledby="game-directory-title">
      <div className="panel__head">
        <h2 className="panel__title" id="game-directory-title">
          选择游戏
        </h2>
        <span className="panel__extra">{games ? `共 ${games.length} 款游戏` : null}</span>
      </div>
      <div className="letter-filter" role="tablist" aria-label="按首字母筛选">
        {[...(hasHot ? [HOT] : []), ALL, ...letters].map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={active === key}
            className={`letter-filter__item ${active === key ? 'is-active' : ''}`}
            onClick={() => setFilter(key)}
          >
            {key === HOT ? '热门' : key === ALL ? '全部' : key}
          </button>
        ))}
      </div>
      {games === null && !failed ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed ? (
        <Empty description="游戏列表加载失败，请稍后刷新重试" />
      ) : shown.length === 0 ? (
        <Empty description="暂无游戏" />
      ) : (
        <ul className="game-grid">
          {shown.map((game) => (
            <li key={game.gameId}>
              <GameTile game={game} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Announcements() {
  const rows = useAnnouncements()
  return (
    <section className="panel side-panel" aria-labelledby="announcements-title">
      <div className="panel__head">
        <h2 className="panel__title" id="announcements-title">
          <NotificationOutlined /> 网站公告
        </h2>
        <Link to="/platform/noticeList.html?noticeType=ANNOUNCEMENT" className="panel__more">
          更多 <RightOutlined />
        </Link>
      </div>
      {rows === null ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : rows.length === 0 ? (
        <Empty description="暂无公告" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="side-list">
          {rows.map((notice) => (
            <li key={notice.noticeId}>
              <Link to={noticeDetailPath(notice.noticeId)} className="side-list__link" title={notice.title}>
                {notice.title}
              </Link>
              <time>{parseTime(notice.createdAt, 'MM-DD')}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Guides() {
  const guides = HELP_LINKS.filter((link) => link.group === '新手入门' || link.group === '买家帮助').slice(
    0,
    6,
  )
  return (
    <section className="panel side-panel" aria-labelledby="guides-title">
      <div className="panel__head">
        <h2 className="panel__title" id="guides-title">
          <SolutionOutlined /> 新手指南
        </h2>
        <Link to="/platform/noticeList.html?noticeType=GUIDE" className="panel__more">
          更多 <RightOutlined />
        </Link>
      </div>
      <ul className="guide-links">
        {guides.map((link) => (
          <li key={link.noticeId}>
            <Link to={noticeDetailPath(link.noticeId)}>{link.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function GoodsShelf({
  id,
  title,
  icon,
  goods,
  failed,
  more,
}: {
  id: string
  title: string
  icon: ReactNode
  goods: GoodsBrief[] | undefined
  failed: boolean
  more: string
}) {
  return (
    <section className="panel goods-shelf" aria-labelledby={id}>
      <div className="panel__head">
        <h2 className="panel__title" id={id}>
          {icon} {title}
        </h2>
        <Link to={more} className="panel__more">
          更多 <RightOutlined />
        </Link>
      </div>
      {failed ? (
        <Empty description="商品加载失败，请稍后刷新重试" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : !goods ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : goods.length === 0 ? (
        <Empty description="暂时还没有商品" image={Empty.PRESENTED_IMAGE_SIMPLE}>
          <Link to="/seller/selectType.html">
            <Button type="primary">发布第一件商品</Button>
          </Link>
        </Empty>
      ) : (
        <ul className="goods-grid goods-shelf__grid">
          {goods.slice(0, 8).map((item) => (
            <li key={item.goodsId}>
              <GoodsCard goods={item} showGame />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function HomeListings() {
  const home = useQuery(['home-goods'], () => getHomeGoods({ errors: 'caller' }))
  const failed = Boolean(home.error)
  return (
    <>
      {home.data && home.data.recommended.length === 0 ? null : (
        <GoodsShelf
          id="recommended-title"
          title="推荐商品"
          icon={<FireOutlined />}
          goods={home.data?.recommended}
          failed={failed}
          more="/list.html"
        />
      )}
      <GoodsShelf
        id="newest-title"
        title="最新发布"
        icon={<ClockCircleOutlined />}
        goods={home.data?.newest}
        failed={failed}
        more="/list.html?sort=newest"
      />
    </>
  )
}

export default function HomePage() {
  const { games, failed } = useGames()
  const hot = (games ?? []).filter((g) => g.hot).slice(0, 6)
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__main">
            <h1 className="hero__title">买卖游戏账号，就上游侠易市</h1>
            <p className="hero__lead">平台担保 · 资金托管 · 确认收货后才放款</p>
            <GameSearch games={games ?? []} />
            {hot.length > 0 ? (
              <div className="hero__hot">
                <span>热门：</span>
                {hot.map((game) => (
                  <Link key={game.gameId} to={gameListPath(game.gameId)}>
                    {game.nameCn}
                  </Link>
                ))}
              </div>
            ) : null}
          </div>
          <UserCard />
        </div>
      </section>

      <div className="container home__body">
        <div className="home__columns">
          <GameDirectory games={games} failed={failed} />
          <aside className="home__side">
            <Announcements />
            <Guides />
          </aside>
        </div>

        <HomeListings />

        <section className="panel steps" aria-labelledby="steps-title">
          <h2 className="panel__title" id="steps-title">
            担保交易流程
          </h2>
          <ol className="steps__list">
            {STEPS.map((step, index) => (
              <li key={step.title} className="steps__item">
                <span className="steps__icon">{step.icon}</span>
                <span className="steps__index">0{index + 1}</span>
                <strong>{step.title}</strong>
                <span>{step.text}</span>
              </li>
            ))}
          </ol>
        </section>

        <section className="safeguards" aria-label="安全保障">
          {SAFEGUARDS.map((item) => (
            <div key={item.title} className="safeguard">
              <span className="safeguard__icon">{item.icon}</span>
              <div>
                <strong>{item.title}</strong>
                <p>{item.text}</p>
              </div>
            </div>
          ))}
        </section>
      </div>
    </div>
  )
}
