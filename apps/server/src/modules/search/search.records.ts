import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { flat } from '../../platform/compact-strings.js';

/**
 * Every active product's DTO as JSON text, by product id (docs/decisions/0004, 0020). Small catalogues keep the
 * plain text: an answer joins it as is. From `compressAbove` products on, each record is kept deflated with a
 * shared preset dictionary (the first record: every record repeats its keys and most of its shape), about a third
 * of the size, and inflated when read (a few microseconds per record, against ~0.8 KB × products of memory).
 */
export class RecordStore {
  private plain = new Map<number, string>();
  /** deflated records, as latin1 strings (one byte per char: far less per entry than a Buffer object) */
  private packed = new Map<number, string>();
  private dictionary: Buffer | null = null;

  constructor(private readonly compress: boolean) {}

  /** Plain up to `compressAbove` products, deflated beyond. */
  static forCatalogueOf(products: number, compressAbove = 200_000): RecordStore {
    return new RecordStore(products > compressAbove);
  }

  get size(): number {
    return this.compress ? this.packed.size : this.plain.size;
  }

  get(id: number): string | undefined {
    if (!this.compress) return this.plain.get(id);
    const packed = this.packed.get(id);
    if (packed === undefined) return undefined;
    return inflateRawSync(Buffer.from(packed, 'latin1'), { dictionary: this.dictionary! }).toString('utf8');
  }

  set(id: number, json: string): void {
    if (!this.compress) {
      // JSON.stringify's output is a tree of the parts it was built in: flat, a record takes ~⅔ of the memory
      this.plain.set(id, flat(json));
      return;
    }
    this.dictionary ??= Buffer.from(json, 'utf8');
    this.packed.set(id, deflateRawSync(Buffer.from(json, 'utf8'), { dictionary: this.dictionary }).toString('latin1'));
  }

  delete(id: number): void {
    this.plain.delete(id);
    this.packed.delete(id);
  }
}
