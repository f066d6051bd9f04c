export * from './envelope'
export * from './paths'
export * from './schemas'
export * from './types'
