import { CRUD, defineReference } from '../types.ts'

/** Hands-on labs (Docker): environments, experiments, the running-labs screen. */
export default defineReference({
  topMenus: [{ code: 'lab', name: '实验管理', alias: 'Labs', source: 'beaker', sort: 5 }],
  menus: [
    {
      code: 'lab',
      name: '实验管理',
      alias: 'Labs',
      path: '/lab',
      source: 'beaker',
      sort: 5,
      topMenu: 'lab',
      grant: ['teacher', 'manager'],
      children: [
        {
          code: 'lab:experiment',
          name: '实验管理',
          alias: 'Experiments',
          path: '/lab/experiment',
          source: 'beaker',
          grant: ['teacher', 'manager'],
          buttons: [...CRUD, ['enrol', '添加学生', 'Enrol students'], ['step', '实验步骤', 'Steps']],
        },
        {
          code: 'lab:image',
          name: '镜像管理',
          alias: 'Lab environments',
          path: '/lab/image',
          source: 'box',
          buttons: [...CRUD, ['import', '导入镜像', 'Import image'], ['build', '构建镜像', 'Build image']],
        },
        {
          code: 'lab:running',
          name: '运行中的实验',
          alias: 'Running labs',
          path: '/lab/running',
          source: 'pulse',
          grant: ['teacher', 'manager'],
          buttons: [
            ['stop', '停止', 'Stop'],
            ['observe', '旁观', 'Observe'],
          ],
        },
        {
          // The Docker engines labs run on (issue #27): machines and keys outside any school, so the platform's alone.
          code: 'lab:host',
          name: '实验主机',
          alias: 'Lab hosts',
          path: '/lab/host',
          source: 'desktop',
          platform: true,
          buttons: [...CRUD, ['enable', '启用', 'Enable'], ['disable', '停用', 'Disable']],
        },
      ],
    },
  ],
  bizDicts: [
    [
      'image_from',
      '镜像来源',
      'Image source',
      [
        ['1', '官方镜像', 'Official'],
        ['2', '自定义镜像', 'Custom'],
      ],
    ],
    [
      'experiment_type',
      '实验类型',
      'Experiment type',
      [
        ['1', '命令行实验', 'Terminal'],
        ['2', '编程实验', 'Programming'],
        ['3', '物联网实验', 'IoT'],
      ],
    ],
  ],
})
