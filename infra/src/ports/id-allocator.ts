/** IdAllocator port: positive integer ids per resource type, never handed out twice. */
export interface IdAllocator {
  next(resourceType: string): Promise<number>;
  close(): Promise<void>;
}
