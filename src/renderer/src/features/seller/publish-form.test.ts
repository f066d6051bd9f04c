import { describe, expect, it } from 'vitest'
import type { AttributeField } from '@shared/api/game'
import {
  checkAttribute,
  checkDescription,
  checkImageFile,
  checkPrice,
  checkShots,
  checkStock,
  checkTitle,
  cleanAttributes,
  fixedStock,
  imageIdsOf,
  moveItem,
  shotOfImage,
  toPublishBody,
  type ShotFile,
} from './publish-form'

const rank: AttributeField = {
  key: '段位',
  label: '段位',
  kind: 'select',
  required: true,
  options: ['黄金', '王者'],
  filterable: true,
}
const heroes: AttributeField = {
  key: '英雄数量',
  label: '英雄数量',
  kind: 'number',
  required: true,
  min: 0,
  max: 130,
  unit: '个',
  filterable: false,
}
const skins: AttributeField = {
  key: '典藏皮肤',
  label: '典藏皮肤',
  kind: 'multiselect',
  required: false,
  options: ['李白', '貂蝉'],
  filterable: true,
}
const verified: AttributeField = {
  key: '已实名',
  label: '已实名认证',
  kind: 'boolean',
  required: false,
  filterable: true,
}
const note: AttributeField = { key: '备注', label: '备注', kind: 'text', required: false, filterable: false }
const fields = [rank, heroes, skins, verified, note]

describe('price (元 typed, 0.01 – 99,999,999.99)', () => {
  it.each([
    ['0.01', ''],
    ['99999999.99', ''],
    ['1,234.50', ''],
    ['0', '价格不能低于 ¥0.01'],
    ['0.00', '价格不能低于 ¥0.01'],
    ['100000000', '价格不能高于 ¥99,999,999.99'],
    ['-5', '请输入正确的价格（最多两位小数）'],
    ['12.345', '请输入正确的价格（最多两位小数）'],
    ['abc', '请输入正确的价格（最多两位小数）'],
    ['', '请输入价格'],
    [undefined, '请输入价格'],
  ])('%j → %j', (text, message) => {
    expect(checkPrice(text)).toBe(message)
  })
})

describe('stock', () => {
  it('is fixed at 1 for an account', () => {
    expect(fixedStock('ACCOUNT')).toBe(1)
    expect(fixedStock('COIN')).toBeNull()
    expect(checkStock('ACCOUNT', 1)).toBe('')
    expect(checkStock('ACCOUNT', 2)).toBe('账号类商品库存固定为 1')
  })
  it('is a whole number from 1 to 99,999 otherwise', () => {
    expect(checkStock('COIN', 1)).toBe('')
    expect(checkStock('COIN', 99_999)).toBe('')
    expect(checkStock('COIN', 0)).toBe('库存至少为 1')
    expect(checkStock('COIN', 100_000)).toBe('库存不能超过 99999')
    expect(checkStock('ITEM', 1.5)).toBe('库存必须是整数')
    expect(checkStock('ITEM', null)).toBe('请输入库存')
  })
})

describe('title and description', () => {
  it('needs a title of at most 60 characters (counted as characters, not UTF-16 units)', () => {
    expect(checkTitle('  ')).toBe('请输入商品标题')
    expect(checkTitle('字'.repeat(60))).toBe('')
    expect(checkTitle('😀'.repeat(60))).toBe('')
    expect(checkTitle('字'.repeat(61))).toBe('标题不能超过 60 个字')
  })
  it('allows a description of up to 2000 characters', () => {
    expect(checkDescription(undefined)).toBe('')
    expect(checkDescription('a'.repeat(2000))).toBe('')
    expect(checkDescription('a'.repeat(2001))).toBe('描述不能超过 2000 个字')
  })
})

describe('attribute values against the game config', () => {
  it('asks for required fields by kind', () => {
    expect(checkAttribute(rank, undefined)).toBe('请选择段位')
    expect(checkAttribute(heroes, null)).toBe('请填写英雄数量')
    expect(checkAttribute(skins, [])).toBe('')
    expect(checkAttribute(verified, undefined)).toBe('')
  })
  it('checks ranges, choices and types', () => {
    expect(checkAttribute(heroes, 131)).toBe('英雄数量不能大于 130')
    expect(checkAttribute(heroes, -1)).toBe('英雄数量不能小于 0')
    expect(checkAttribute(heroes, 88)).toBe('')
    expect(checkAttribute(rank, '青铜')).toBe('请从列表中选择段位')
    expect(checkAttribute(skins, ['李白', '伪造'])).toBe('请从列表中选择典藏皮肤')
    expect(checkAttribute(verified, 'yes')).toBe('请选择已实名认证')
    expect(checkAttribute(note, 'x'.repeat(51))).toBe('备注不能超过 50 个字')
  })
  it('sends only the game fields, without empty values, text trimmed', () => {
    expect(
      cleanAttributes(fields, {
        段位: '王者',
        英雄数量: 0,
        典藏皮肤: [],
        已实名: false,
        备注: '  可换绑 ',
        外来: 'x',
      }),
    ).toEqual({ 段位: '王者', 英雄数量: 0, 已实名: false, 备注: '可换绑' })
  })
})

describe('toPublishBody', () => {
  const values = {
    platform: 'iOS',
    areaId: 3,
    serverId: 7,
    title: '  王者 全英雄 <b>粗体</b> ',
    description: ' 说明 ',
    price: '1,234.56',
    stock: 5,
    attributes: { 段位: '王者', 英雄数量: 120 },
  }
  it('sends exact fen, the fixed account stock and the images in order', () => {
    expect(toPublishBody(1, 'ACCOUNT', fields, values, ['b', 'a'])).toEqual({
      gameId: 1,
      goodsType: 'ACCOUNT',
      platform: 'iOS',
      areaId: 3,
      serverId: 7,
      title: '王者 全英雄 <b>粗体</b>',
      description: '说明',
      price: 123456,
      stock: 1,
      attributes: { 段位: '王者', 英雄数量: 120 },
      imageIds: ['b', 'a'],
    })
  })
  it('keeps the stock of other types and leaves out an empty place', () => {
    const body = toPublishBody(1, 'COIN', [], { title: 't', price: '0.29', stock: 5 }, [])
    expect(body).toEqual({
      gameId: 1,
      goodsType: 'COIN',
      title: 't',
      description: '',
      price: 29,
      stock: 5,
      attributes: {},
      imageIds: [],
    })
  })
  it('refuses an invalid price', () => {
    expect(() => toPublishBody(1, 'COIN', [], { title: 't', price: '0', stock: 1 }, [])).toThrow(
      '价格不能低于 ¥0.01',
    )
  })
})

describe('images', () => {
  it('takes JPG, PNG and WebP up to 5 MiB', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBe('')
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('')
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      '“a.gif”不是 JPG、PNG 或 WebP 图片',
    )
    expect(checkImageFile({ name: 'a.txt', type: 'text/plain', size: 10 })).toContain('不是 JPG')
    expect(checkImageFile({ name: 'big.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      '“big.jpg”超过 5 MB，请压缩后再上传',
    )
    expect(checkImageFile({ name: 'e.jpg', type: 'image/jpeg', size: 0 })).toBe('“e.jpg”是空文件')
  })
  it('reorders (the first is the cover)', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b'])
  })
})

describe('screenshots', () => {
  const image = (c: string) => ({
    imageId: c.repeat(32),
    url: `/api/goods/image/file/${c}.jpg`,
    mediumUrl: `/api/goods/image/file/${c}_m.jpg`,
    thumbUrl: `/api/goods/image/file/${c}_t.jpg`,
    width: 800,
    height: 600,
  })
  const done = [shotOfImage(image('a'), 0), shotOfImage(image('b'), 1)]

  it('takes the pictures on the server (edit mode) as uploaded, in order', () => {
    expect(done[1]).toMatchObject({ uid: 'b'.repeat(32), name: '截图 2', status: 'done' })
    expect(imageIdsOf(done)).toEqual(['a'.repeat(32), 'b'.repeat(32)])
  })

  it('waits for uploads and refuses failed ones; an account needs one picture', () => {
    const uploading: ShotFile = { uid: 'u', name: 'x.png', status: 'uploading' }
    const failed: ShotFile = { uid: 'f', name: 'y.png', status: 'error' }
    expect(checkShots('ACCOUNT', done)).toBe('')
    expect(checkShots('ACCOUNT', [...done, uploading])).toBe('图片还在上传中，请稍候再提交')
    expect(checkShots('COIN', [failed])).toBe('有图片上传失败，请删除后重新上传')
    expect(checkShots('ACCOUNT', [])).toBe('请至少上传 1 张账号截图')
    expect(checkShots('ACCOUNT', undefined)).toBe('请至少上传 1 张账号截图')
    expect(checkShots('COIN', [])).toBe('')
  })
})
