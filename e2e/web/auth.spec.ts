import { expect, test } from '../support/test'
import { E2E_CAPTCHA_PORT } from '../../playwright.config'
import { submitLogin } from '../support/ui'

test('home shows the seeded games and notices', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle(/游侠易市/)
  await expect(page.getByText('王者荣耀').first()).toBeVisible()
  await expect(page.getByText('原神').first()).toBeVisible()
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: '注册' }).first()).toBeVisible()
})

test('login through the form as buyer, see the header change, then log out', async ({ page }) => {
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/login')) sent.push(r.postData() ?? '')
  })
  await page.goto('/login.html')
  await submitLogin(page, '  buyer  ', 'Buyer@123')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText(/欢迎\s*买家小王/)).toBeVisible()
  // the unread count of the seeded in-site messages
  await expect(page.getByRole('link', { name: /站内信，[1-9]\d* 条未读/ })).toBeVisible()
  // the password never travels in clear, the username is trimmed
  expect(sent).toHaveLength(1)
  expect(sent[0]).not.toContain('Buyer@123')
  expect(JSON.parse(sent[0]).username).toBe('buyer')

  await page.getByRole('button', { name: /^退\s*出$/ }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /退\s*出/ })
    .click()
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible()
  await expect(page.getByText(/欢迎\s*买家小王/)).toHaveCount(0)
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'Authorization')).toBeUndefined()
})

test('a wrong password shows the server message in the form', async ({ page }) => {
  await page.goto('/login.html')
  await submitLogin(page, 'buyer', 'Wrong@123')
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible()
  await expect(page).toHaveURL(/login\.html/)
})

test('a protected route while logged out ends on login with the original path, and returns there', async ({
  page,
}) => {
  await page.goto('/buyer/buyOrder.html?status=1')
  await expect(page).toHaveURL(/\/login\.html\?redirect=/)
  const redirect = new URL(page.url()).searchParams.get('redirect')
  expect(redirect).toBe('/buyer/buyOrder.html?status=1')
  await submitLogin(page, 'buyer', 'Buyer@123')
  await expect(page).toHaveURL(/\/buyer\/buyOrder\.html\?status=1$/)
})

test('an unknown path ends on /404.html', async ({ page }) => {
  await page.goto('/no/such/page.html')
  await expect(page).toHaveURL(/\/404\.html$/)
  await expect(page.getByText('404').first()).toBeVisible()
})

test('footer help links open real notices', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: '用户协议' }).first().click()
  await expect(page).toHaveURL(/\/platform\/noticeDetail\/30\.html$/)
  await expect(page.getByRole('heading', { name: '用户协议' })).toBeVisible()
})

test('with the captcha on, the image shows and a wrong answer is refused', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${E2E_CAPTCHA_PORT}/login.html`)
  const img = page.getByAltText('验证码')
  await expect(img).toBeVisible()
  await page.getByPlaceholder('请输入验证码').fill('##')
  await submitLogin(page, 'buyer', 'Buyer@123')
  await expect(page.getByRole('alert').filter({ hasText: /验证码/ })).toBeVisible()
})
