/** 操作日志 (placeholder until the console shell lands; see docs/console.md). */
export default function OpLogPage() {
  return <div>操作日志</div>
}
