import { describe, expect, it } from 'vitest'
import { handleTree } from './tree'

describe('handleTree', () => {
  it('nests by id/parentId with default field names', () => {
    const tree = handleTree([
      { id: 1, parentId: 0, name: 'a' },
      { id: 2, parentId: 1, name: 'b' },
      { id: 3, parentId: 2, name: 'c' },
      { id: 4, parentId: 0, name: 'd' },
    ])
    expect(tree.map((n) => n.name)).toEqual(['a', 'd'])
    const a = tree[0] as unknown as { children: Array<{ name: string; children: Array<{ name: string }> }> }
    expect(a.children.map((n) => n.name)).toEqual(['b'])
    expect(a.children[0]!.children.map((n) => n.name)).toEqual(['c'])
    expect('children' in (tree[1] as object)).toBe(false)
  })
  it('uses custom field names and does not change the input', () => {
    const input = [
      { menuId: 10, pid: null, t: 'root' },
      { menuId: 11, pid: 10, t: 'leaf' },
    ]
    const tree = handleTree(input, 'menuId', 'pid', 'items')
    expect((tree[0] as unknown as { items: Array<{ t: string }> }).items[0]!.t).toBe('leaf')
    expect('items' in input[0]!).toBe(false)
  })
})
