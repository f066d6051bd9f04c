import { Link } from 'react-router-dom'
import { SITE_NAME } from '@shared/constants'
import './logo.css'

/** The site mark; links home. */
export function Logo({ subtitle }: { subtitle?: string }) {
  return (
    <div className="logo">
      <Link to="/" className="logo__link" aria-label={`${SITE_NAME}首页`}>
        <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="var(--ant-color-primary)" />
          <path d="M18 20h28l-10 14v12h-8V34z" fill="#fff" />
          <circle cx="46" cy="46" r="6" fill="#ffd666" />
        </svg>
        <span className="logo__name">{SITE_NAME}</span>
      </Link>
      {subtitle ? <span className="logo__subtitle">{subtitle}</span> : null}
    </div>
  )
}
