import { defineReference, type RegionRef } from '../types.ts'

const r = (
  code: string,
  parentCode: string,
  ancestors: string,
  name: string,
  regionLevel: number,
  sort: number,
): RegionRef => ({ code, parentCode, ancestors, name, regionLevel, sort })

/** A starter set of administrative regions; a school adds its own through the region screen. */
export default defineReference({
  regions: [
    r('110000', '00', '00', '北京市', 1, 1),
    r('110100', '110000', '00,110000', '北京市', 2, 1),
    r('110101', '110100', '00,110000,110100', '东城区', 3, 1),
    r('110108', '110100', '00,110000,110100', '海淀区', 3, 2),
    r('310000', '00', '00', '上海市', 1, 2),
    r('310100', '310000', '00,310000', '上海市', 2, 1),
    r('310104', '310100', '00,310000,310100', '徐汇区', 3, 1),
    r('440000', '00', '00', '广东省', 1, 3),
    r('440100', '440000', '00,440000', '广州市', 2, 1),
    r('440106', '440100', '00,440000,440100', '天河区', 3, 1),
    r('440300', '440000', '00,440000', '深圳市', 2, 2),
    r('440305', '440300', '00,440000,440300', '南山区', 3, 1),
  ],
})
