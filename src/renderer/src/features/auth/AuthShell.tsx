import type { ReactNode } from 'react'
import { CheckCircleFilled } from '@ant-design/icons'
import { SITE_NAME } from '@shared/constants'
import './auth.css'

const PROMISES = [
  { title: '担保交易', text: '买家付款由平台托管，确认收货后才打款给卖家' },
  { title: '客服验证', text: '任何自称客服的联系人，都可在本站验证真伪' },
  { title: '密码加密', text: '登录密码在浏览器内加密后才发送，全程不落明文' },
]

/** The frame of the login and register pages: the site's promises beside the form card. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: string
  children: ReactNode
}) {
  return (
    <div className="auth-page">
      <div className="auth-page__inner">
        <section className="auth-page__intro" aria-hidden="true">
          <h2>{SITE_NAME}</h2>
          <p className="auth-page__lead">安全放心的游戏账号交易平台</p>
          <ul>
            {PROMISES.map((item) => (
              <li key={item.title}>
                <CheckCircleFilled />
                <div>
                  <strong>{item.title}</strong>
                  <span>{item.text}</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </div>
    </div>
  )
}
