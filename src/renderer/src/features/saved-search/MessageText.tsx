/**
 * An in-site message's text with the site's own paths as links: a saved search's alert lists its
 * listings as /detail/{id}.html and the whole list as /list.html?… (docs/saved-searches.md). Only
 * these in-app paths become links; everything else stays text (line breaks kept).
 */
import { Fragment } from 'react'
import { Link } from 'react-router-dom'

const IN_APP_PATH =
  /(\/detail\/\d{1,12}\.html|\/list\.html(?:\?[A-Za-z0-9\-._~%=&+[\]]*)?|\/buyer\/savedSearch\.html)/g

export function MessageText({ text }: { text: string }) {
  const parts = text.split(IN_APP_PATH)
  return (
    <div style={{ whiteSpace: 'pre-wrap' }}>
      {parts.map((part, i) =>
        // split with one capturing group: odd parts are the paths
        i % 2 === 1 ? (
          <Link key={i} to={part}>
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </div>
  )
}
