import { defineReference } from '../types.ts'

/** Hands-on labs (Docker). */
export default defineReference({
  bizDicts: [
    ['image_from', '镜像来源', 'Image source', [['1', '官方镜像', 'Official'], ['2', '自定义镜像', 'Custom']]],
    ['experiment_type', '实验类型', 'Experiment type', [['1', '命令行实验', 'Terminal'], ['2', '编程实验', 'Programming'], ['3', '物联网实验', 'IoT']]],
  ],
})
