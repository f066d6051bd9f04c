/**
 * /offLogin.html 微信扫码登录: a temporary QR code of the official account, polled until it is
 * scanned. A bound WeChat user is logged in at once (the same session as the password login); an
 * unbound one goes on to /bind.html to bind to an existing or a new account (docs/wechat.md).
 */
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { officialLoginQuery, useBuildQrCode, useWechatSignIn } from '@renderer/api/wechat'
import { useSessionStore } from '@renderer/stores/session'
import { safeRedirectTarget } from '@renderer/utils/validate'
import { AuthShell } from '../auth/AuthShell'
import { QrPanel } from './QrPanel'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

/** What /offLogin.html hands to /bind.html (router state: the ticket stays out of the address). */
export interface BindLocationState {
  bindTicket: string
  wechatNickname: string
  redirect: string
}

/**
 * The QR code and its polling: a bound user is signed in and goes to `target`; an unbound one goes
 * on to /bind.html. /offLogin.html and the 微信扫码 tab of /login.html show it.
 */
export function WechatScanLogin({ target }: { target: string }) {
  const navigate = useNavigate()
  const signIn = useWechatSignIn()
  const build = useBuildQrCode()
  const qr = build.data
  const poll = useQuery({ ...officialLoginQuery(qr?.sceneId ?? ''), enabled: Boolean(qr) })
  const answer = poll.data

  const { mutate } = build
  useEffect(() => mutate('LOGIN'), [mutate])

  useEffect(() => {
    if (!answer) return
    if (answer.status === 'LOGGED_IN') {
      void signIn(answer).then(() => navigate(target, { replace: true }))
    } else if (answer.status === 'UNBOUND') {
      const state: BindLocationState = {
        bindTicket: answer.bindTicket,
        wechatNickname: answer.wechatNickname,
        redirect: target,
      }
      void navigate('/bind.html', { replace: true, state })
    }
  }, [answer, signIn, navigate, target])

  const error = build.error ?? poll.error
  return (
    <>
      <ErrorAlert error={error} />
      <QrPanel
        qr={qr}
        loading={build.isPending}
        expired={answer?.status === 'EXPIRED'}
        hint={answer?.status === 'LOGGED_IN' ? '登录成功，正在跳转…' : '请使用微信扫描二维码登录'}
        onRefresh={() => mutate('LOGIN')}
      />
    </>
  )
}

export default function OffLoginPage() {
  const [params] = useSearchParams()
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const target = safeRedirectTarget(params.get('redirect'))
  // logged in when the page opened (a login made here navigates itself)
  const [openedLoggedIn] = useState(loggedIn)
  if (openedLoggedIn) return <Navigate to={target} replace />
  return (
    <AuthShell title="微信扫码登录" subtitle="使用微信扫一扫，关注公众号后即可登录">
      <WechatScanLogin target={target} />
      <div className="wechat-page__footer">
        <Link to={`/login.html${params.get('redirect') ? `?redirect=${encodeURIComponent(target)}` : ''}`}>
          账号密码登录
        </Link>
        <span> · </span>
        <Link to="/register.html">免费注册</Link>
      </div>
    </AuthShell>
  )
}
