#!/bin/sh
# Demo course covers (db/seed/assets/cover-*.jpg): a two-colour gradient, a large emblem and the course title,
# 1280x720 JPEG. Needs ffmpeg with drawtext and the Noto CJK fonts (fonts-noto-cjk).
set -e
OUT=${1:-.}
BOLD=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
REG=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
MONO=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf
[ -f "$MONO" ] || MONO=$BOLD
cover() { # file c0 c1 emblem title subtitle
  ffmpeg -v error -y -f lavfi -i "gradients=s=1280x720:c0=$2:c1=$3:x0=0:y0=0:x1=1280:y1=720:n=2,format=rgb24" -frames:v 1 \
    -vf "drawbox=x=820:y=-140:w=620:h=620:color=white@0.08:t=fill,drawbox=x=900:y=430:w=420:h=420:color=white@0.06:t=fill,\
drawtext=fontfile=$MONO:text='$4':fontcolor=white@0.92:fontsize=190:x=w-tw-110:y=150,\
drawbox=x=96:y=470:w=90:h=8:color=white@0.9:t=fill,\
drawtext=fontfile=$BOLD:text='$5':fontcolor=white:fontsize=76:x=96:y=500,\
drawtext=fontfile=$REG:text='$6':fontcolor=white@0.85:fontsize=36:x=98:y=606" \
    -q:v 4 "$OUT/$1"
}
cover cover-1.jpg 0x1B79C3 0x0B3C6B 'Py' 'Python 程序设计基础' '变量 · 函数 · 文件'
cover cover-2.jpg 0x0E8A6E 0x0A4F5C 'IoT' '物联网传感器实践' 'ESP32 · MQTT · 温湿度'
cover cover-3.jpg 0x2D3440 0x10141A '>_' 'Linux 命令行入门' '文件 · 权限 · 进程'
cover cover-4.jpg 0x6B3FC2 0x2A1B5E 'AI' '人工智能导论' '机器学习 · 算法 · 伦理'
cover cover-5.jpg 0xD9822B 0x8A3B12 'NET' '暑期网络工程实训营' '组网 · 路由 · 故障排查'
cover cover-6.jpg 0x3A7BD5 0x1F4E8C 'PDF' '开发环境安装指南' '资料下载'
