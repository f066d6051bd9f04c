/**
 * 区服信息 of the publish form: the platform (when the game has several), the area (大区) of that
 * platform and a server inside it. Required when the goods type names its place (an account does; a
 * top-up does not); changing the platform clears area and server, changing the area the server.
 */
import { Col, Form, Radio, Row, Select, type FormInstance } from 'antd'
import type { GameArea } from '@shared/api/game'
import type { FormValues } from './form-parts'

export function PlaceFields({
  form,
  platforms,
  areas,
  needServer,
}: {
  form: FormInstance<FormValues>
  platforms: string[]
  areas: GameArea[]
  needServer: boolean
}) {
  const platform = Form.useWatch('platform', form)
  const areaId = Form.useWatch('areaId', form)
  const shownAreas = areas.filter((a) => !platform || a.platform === null || a.platform === platform)
  const area = areas.find((a) => a.serverId === areaId)
  return (
    <Row gutter={16}>
      {platforms.length > 0 ? (
        <Col xs={24} md={8}>
          <Form.Item name="platform" label="平台" rules={[{ required: needServer, message: '请选择平台' }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={platforms.map((p) => ({ value: p, label: p }))}
              onChange={() => form.setFieldsValue({ areaId: undefined, serverId: undefined })}
            />
          </Form.Item>
        </Col>
      ) : null}
      {areas.length > 0 ? (
        <>
          <Col xs={24} md={8}>
            <Form.Item name="areaId" label="大区" rules={[{ required: needServer, message: '请选择大区' }]}>
              <Select
                allowClear={!needServer}
                placeholder={
                  platforms.length > 0 && !platform
                    ? '请先选择平台'
                    : needServer
                      ? '请选择大区'
                      : '不限（可不选）'
                }
                aria-label="大区"
                disabled={platforms.length > 0 && !platform}
                options={shownAreas.map((a) => ({ value: a.serverId, label: a.name }))}
                onChange={() => form.setFieldsValue({ serverId: undefined })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="serverId"
              label="服务器"
              rules={[
                {
                  required: needServer && Boolean(area && area.children.length > 0),
                  message: '请选择服务器',
                },
              ]}
            >
              <Select
                allowClear={!needServer}
                placeholder={area ? (needServer ? '请选择服务器' : '不限（可不选）') : '请先选择大区'}
                aria-label="服务器"
                disabled={!area || area.children.length === 0}
                showSearch={{ optionFilterProp: 'label' }}
                options={(area?.children ?? []).map((s) => ({ value: s.serverId, label: s.name }))}
              />
            </Form.Item>
          </Col>
        </>
      ) : null}
    </Row>
  )
}
