/**
 * Home (/): search by game, the game grid (hot games first, A-Z index), site announcements,
 * guides, listings, how a guaranteed trade works and what protects it.
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import {
  AuditOutlined,
  CheckCircleOutlined,
  FileProtectOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  SolutionOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { gamesQuery, sortGames } from '@renderer/api/game'
import { gameListPath } from '@renderer/components/game-search'
import { GameDirectory } from './GameDirectory'
import { GameSearch } from './GameSearch'
import { HomeListings } from './HomeListings'
import { Announcements, Guides } from './SidePanels'
import { UserCard } from './UserCard'
import '../home.css'

const STEPS = [
  { icon: <SearchOutlined />, title: '选择商品', text: '按游戏、区服筛选，查看详细描述与截图' },
  { icon: <WalletOutlined />, title: '下单付款', text: '货款先付给平台托管，卖家拿不到钱' },
  { icon: <SolutionOutlined />, title: '卖家交付', text: '卖家按订单交付账号或物品，全程留痕' },
  { icon: <CheckCircleOutlined />, title: '确认收货', text: '您确认无误后，平台才放款给卖家' },
]

const SAFEGUARDS: Array<{ icon: React.ReactNode; title: string; text: string; to?: string }> = [
  { icon: <SafetyCertificateOutlined />, title: '担保交易', text: '所有订单由平台担保，资金托管至交易完成' },
  {
    icon: <AuditOutlined />,
    title: '客服验证',
    text: '陌生人自称客服？到「客服验证」查验真伪',
    to: '/platform/customServiceVerify.html',
  },
  { icon: <LockOutlined />, title: '密码加密', text: '登录与注册密码在浏览器内加密后才发送' },
  { icon: <FileProtectOutlined />, title: '规则公开', text: '用户、买家、卖家协议全部公开可查' },
]

export default function HomePage() {
  const games = useQuery({ ...gamesQuery(), select: sortGames })
  const hot = (games.data ?? []).filter((g) => g.hot).slice(0, 6)
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__main">
            <h1 className="hero__title">买卖游戏账号，就上游侠易市</h1>
            <p className="hero__lead">平台担保 · 资金托管 · 确认收货后才放款</p>
            <GameSearch games={games.data ?? []} />
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
          <GameDirectory games={games.data ?? null} failed={games.isError} />
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
                <strong>{item.to ? <Link to={item.to}>{item.title}</Link> : item.title}</strong>
                <p>{item.text}</p>
              </div>
            </div>
          ))}
        </section>
      </div>
    </div>
  )
}
