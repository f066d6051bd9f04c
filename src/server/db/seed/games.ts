/** Demo games with their areas (大区) and servers. */

export interface SeedArea {
  name: string
  platform: string | null
  servers: string[]
}

export interface SeedGame {
  nameCn: string
  nameEn: string
  initial: string
  platforms: string[]
  hot: boolean
  /** icon background */
  color: string
  description: string
  areas: SeedArea[]
}

const mobileAreas = (servers: string[]): SeedArea[] => [
  { name: '安卓QQ区', platform: 'Android', servers },
  { name: '安卓微信区', platform: 'Android', servers },
  { name: '苹果QQ区', platform: 'iOS', servers },
  { name: '苹果微信区', platform: 'iOS', servers },
]

export const GAMES: SeedGame[] = [
  {
    nameCn: '王者荣耀',
    nameEn: 'Honor of Kings',
    initial: 'W',
    platforms: ['iOS', 'Android'],
    hot: true,
    color: '#c9a13b',
    description: '腾讯天美工作室出品的 5V5 团队公平竞技手游，交易内容包括账号、点券代充和皮肤账号。',
    areas: mobileAreas(['1区 梦回长安', '2区 稷下学院', '3区 长城守卫', '4区 云中漠地']),
  },
  {
    nameCn: '和平精英',
    nameEn: 'Peacekeeper Elite',
    initial: 'H',
    platforms: ['iOS', 'Android'],
    hot: true,
    color: '#e0803a',
    description: '腾讯光子工作室出品的战术竞技手游，交易内容包括高段位账号、套装账号和点券代充。',
    areas: mobileAreas(['全服']),
  },
  {
    nameCn: '原神',
    nameEn: 'Genshin Impact',
    initial: 'Y',
    platforms: ['PC', 'iOS', 'Android'],
    hot: true,
    color: '#4a7fc1',
    description: '米哈游出品的开放世界冒险游戏，交易内容包括五星角色账号、初始号和创世结晶代充。',
    areas: [
      { name: '国服', platform: null, servers: ['天空岛（官服）', '世界树（B服）'] },
      { name: '国际服', platform: null, servers: ['Asia', 'America', 'Europe', 'TW, HK, MO'] },
    ],
  },
  {
    nameCn: '英雄联盟',
    nameEn: 'League of Legends',
    initial: 'Y',
    platforms: ['PC'],
    hot: true,
    color: '#1f3c5a',
    description: '拳头游戏开发、腾讯运营的多人在线战术竞技游戏，交易内容包括排位账号、皮肤账号和代练。',
    areas: [
      {
        name: '电信区',
        platform: 'PC',
        servers: ['艾欧尼亚', '祖安', '诺克萨斯', '班德尔城', '皮尔特沃夫', '战争学院'],
      },
      { name: '网通区', platform: 'PC', servers: ['比尔吉沃特', '德玛西亚', '弗雷尔卓德', '无畏先锋'] },
      { name: '其他', platform: 'PC', servers: ['男爵领域', '均衡教派', '教育网专区'] },
    ],
  },
  {
    nameCn: '梦幻西游',
    nameEn: 'Fantasy Westward Journey',
    initial: 'M',
    platforms: ['PC'],
    hot: true,
    color: '#b8443a',
    description: '网易出品的回合制角色扮演网游，交易内容包括角色、召唤兽、装备和游戏币。',
    areas: [
      { name: '浙江区', platform: 'PC', servers: ['西湖', '钱塘江', '普陀山'] },
      { name: '江苏区', platform: 'PC', servers: ['姑苏城', '秦淮河', '瘦西湖'] },
      { name: '北京区', platform: 'PC', servers: ['紫禁城', '天坛', '颐和园'] },
    ],
  },
  {
    nameCn: '穿越火线',
    nameEn: 'CrossFire',
    initial: 'C',
    platforms: ['PC'],
    hot: true,
    color: '#5b5f3a',
    description: '腾讯代理的第一人称射击网游，交易内容包括英雄级武器账号和点券。',
    areas: [
      { name: '电信区', platform: 'PC', servers: ['广东一区', '浙江一区', '四川一区', '湖南一区'] },
      { name: '网通区', platform: 'PC', servers: ['北京一区', '山东一区', '河北一区'] },
      { name: '其他', platform: 'PC', servers: ['移动专区', '教育网专区'] },
    ],
  },
  {
    nameCn: '地下城与勇士',
    nameEn: 'Dungeon & Fighter',
    initial: 'D',
    platforms: ['PC'],
    hot: false,
    color: '#6b3a8c',
    description: '腾讯运营的横版格斗网游，交易内容包括游戏币、角色账号和装备道具。',
    areas: [
      { name: '广东区', platform: 'PC', servers: ['广东1区', '广东2区', '广东3区'] },
      { name: '上海区', platform: 'PC', servers: ['上海1区', '上海2区'] },
      { name: '华北区', platform: 'PC', servers: ['北京1区', '山东1区'] },
      { name: '东北区', platform: 'PC', servers: ['黑龙江1区', '吉林1区'] },
    ],
  },
  {
    nameCn: '永劫无间',
    nameEn: 'Naraka: Bladepoint',
    initial: 'Y',
    platforms: ['PC'],
    hot: false,
    color: '#2e2e38',
    description: '网易出品的武侠动作竞技游戏，交易内容包括时装账号和金块。',
    areas: [
      { name: '国服', platform: 'PC', servers: ['网易官服', 'Steam 国服'] },
      { name: '国际服', platform: 'PC', servers: ['Steam Global'] },
    ],
  },
  {
    nameCn: '金铲铲之战',
    nameEn: 'Golden Spatula',
    initial: 'J',
    platforms: ['iOS', 'Android'],
    hot: false,
    color: '#d7a51f',
    description: '腾讯出品的自走棋手游，交易内容包括小小英雄账号和金币代充。',
    areas: mobileAreas(['全服']),
  },
  {
    nameCn: '崩坏：星穹铁道',
    nameEn: 'Honkai: Star Rail',
    initial: 'B',
    platforms: ['PC', 'iOS', 'Android'],
    hot: false,
    color: '#3b4a8f',
    description: '米哈游出品的银河冒险策略游戏，交易内容包括五星角色账号、初始号和古老梦华代充。',
    areas: [
      { name: '国服', platform: null, servers: ['星穹列车（官服）', '无名客（B服）'] },
      { name: '国际服', platform: null, servers: ['Asia', 'America', 'Europe', 'TW, HK, MO'] },
    ],
  },
]

/** A small SVG icon (the game's first character on its colour) as a data URL: no image files to ship. */
export function gameIcon(game: SeedGame): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${game.color}"/>` +
    `<text x="32" y="43" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${game.nameCn[0]}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
