/**
 * Site footer: every help link grouped, linking to its notice; customer service,
 * feedback, disclaimer, works submission; the customer-service hours. The top margin is 0 on the
 * notice list, notice detail, feedback and aiDraw pages and 50px elsewhere.
 */
import { Link, useLocation } from 'react-router-dom'
import { CustomerServiceOutlined } from '@ant-design/icons'
import { HELP_LINKS, noticeDetailPath, type HelpLink } from '@shared/help-links'
import { SERVICE_HOURS, SITE_NAME } from '@shared/constants'
import { footerMarginTop } from '@renderer/app/route-table'
import { useCustomerService } from './customer-service/use-customer-service'
import './footer.css'

const GROUP_ORDER: HelpLink['group'][] = ['新手入门', '买家帮助', '卖家帮助', '账户安全', '协议规则']

export function groupHelpLinks(
  links: readonly HelpLink[],
): Array<{ group: HelpLink['group']; links: HelpLink[] }> {
  return GROUP_ORDER.map((group) => ({ group, links: links.filter((link) => link.group === group) })).filter(
    (entry) => entry.links.length > 0,
  )
}

const noticeIdOf = (title: string) => HELP_LINKS.find((link) => link.title === title)?.noticeId

export function Footer() {
  const { pathname } = useLocation()
  const openService = useCustomerService()
  const disclaimerId = noticeIdOf('免责声明')
  const submissionId = noticeIdOf('作品投稿')
  return (
    <footer className="site-footer" style={{ marginTop: footerMarginTop(pathname) }}>
      <div className="container">
        <div className="site-footer__groups">
          {groupHelpLinks(HELP_LINKS).map(({ group, links }) => (
            <section key={group} className="site-footer__group">
              <h2>{group}</h2>
              <ul>
                {links.map((link) => (
                  <li key={link.noticeId}>
                    <Link to={noticeDetailPath(link.noticeId)}>{link.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <section className="site-footer__group site-footer__service">
            <h2>客服中心</h2>
            <p className="site-footer__hours">
              <span>
                <CustomerServiceOutlined /> 咨询及发货时间
              </span>
              <strong>{SERVICE_HOURS.label}</strong>
            </p>
            <p className="site-footer__note">非服务时间可留言，客服上线后尽快处理</p>
          </section>
        </div>
        <nav className="site-footer__links" aria-label="服务与帮助">
          <button type="button" className="site-footer__link" onClick={() => openService()}>
            联系客服
          </button>
          <Link to="/platform/feedback.html" className="site-footer__link">
            意见反馈
          </Link>
          {disclaimerId ? (
            <Link to={noticeDetailPath(disclaimerId)} className="site-footer__link">
              免责声明
            </Link>
          ) : null}
          {submissionId ? (
            <Link to={noticeDetailPath(submissionId)} className="site-footer__link">
              作品投稿
            </Link>
          ) : null}
          <span className="site-footer__link site-footer__link--plain">客服时间 {SERVICE_HOURS.label}</span>
        </nav>
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {SITE_NAME} · 游戏账号与游戏物品交易平台 ·
          交易有风险，请通过平台担保交易，切勿私下转账
        </p>
      </div>
    </footer>
  )
}

export default Footer
