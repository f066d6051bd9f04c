/** 咨询 among the personal centre's services (UserHomePage's CENTRE_LINKS). */
import { MessageOutlined } from '@ant-design/icons'
import { CHAT_LIST_PATH } from './centre'

export const CHAT_CENTRE_LINK = {
  title: '咨询',
  desc: '售前咨询：我问卖家与买家问我',
  to: CHAT_LIST_PATH,
  icon: <MessageOutlined />,
}
