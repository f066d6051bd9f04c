/**
 * Build a tree from a flat list (id, parentId, children). Items whose parent is
 * not in the list become roots. The input items are not changed; `children` is only set on nodes
 * that have children.
 */
export function handleTree<T extends object>(
  list: readonly T[],
  id = 'id',
  parentId = 'parentId',
  children = 'children',
): Array<T & Record<string, unknown>> {
  type Node = T & Record<string, unknown>
  const nodes = list.map((item) => ({ ...item }) as Node)
  const byId = new Map<unknown, Node>()
  for (const node of nodes) byId.set(node[id], node)
  const childrenOf = new Map<unknown, Node[]>()
  const roots: Node[] = []
  for (const node of nodes) {
    const parent = node[parentId]
    if (parent !== undefined && parent !== null && byId.has(parent) && parent !== node[id]) {
      const siblings = childrenOf.get(parent) ?? []
      siblings.push(node)
      childrenOf.set(parent, siblings)
    } else {
      roots.push(node)
    }
  }
  for (const node of nodes) {
    const kids = childrenOf.get(node[id])
    if (kids) (node as Record<string, unknown>)[children] = kids
  }
  return roots
}
