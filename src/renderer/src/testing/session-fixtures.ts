/** Test data of a signed-in user: the profile that getInfo answers for player1. */
import type { UserProfile } from '@shared/api/auth'

export const PLAYER_PROFILE: UserProfile = {
  userId: 7,
  userName: 'player1',
  nickName: '小明',
  code: 'U0007',
  avatar: '',
  phone: '',
  email: '',
  createdAt: 1_700_000_000_000,
  lastLoginAt: 1_710_000_000_000,
}
