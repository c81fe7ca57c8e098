// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s -o %t.llvm.mlir
// RUN: tilecc -arch=sm_80 --emit=ptx %t.llvm.mlir -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 1 --block 128 --buf x:f32:256:iota --buf o:f32:256:zero --arg buf:x --arg buf:o --arg i64:8 --print o | FileCheck %s

// Views of grouped block_tiles (ConvertTileAAToTileAS output of
// ../TileAAToTileAS/block-tile-groups.mlir) over an 8x4x8 array: the load
// reads dims [2] x [0, 1] at box (0, 1), i.e. merged rows 16..31 transposed;
// permuted back and stored through [0, 1] x [2] at (0, 0), it copies
// elements 128..255 to 0..127.
// CHECK: {{^}}o: 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @groups(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: index) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = nv_tileas.create_token : !nv_tileas.mem_token
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c8_0 = arith.constant 8 : index
    %c1_1 = arith.constant 1 : index
    %c4_2 = arith.constant 4 : index
    %c8_3 = arith.constant 8 : index
    %c32_4 = arith.constant 32 : index
    %c8_5 = arith.constant 8 : index
    %c1_6 = arith.constant 1 : index
    %c4_7 = arith.constant 4 : index
    %1 = arith.muli %arg2, %c4_7 : index
    %2 = nv_tileas.make_tiled_view %arg0[%c0] sizes(%c8, %1) strides(%c1_1, %c8_0) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<8x16xf32>
    %c4_8 = arith.constant 4 : index
    %3 = arith.muli %arg2, %c4_8 : index
    %4 = nv_tileas.make_tiled_view %arg1[%c0] sizes(%3, %c8_3) strides(%c8_5, %c1_6) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x8xf32>
    %cst = arith.constant dense<0.000000e+00> : tensor<8x16xf32>
    %result, %result_token = nv_tileas.tiled_load %2[%c0, %c1] other(%cst : tensor<8x16xf32>) token(%0) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<8x16xf32> -> tensor<8x16xf32>, !nv_tileas.mem_token
    %5 = nv_tileas.permute %result {permutation = array<i64: 1, 0>} : tensor<8x16xf32> to tensor<16x8xf32>
    %6 = nv_tileas.tiled_store %5, %4[%c0, %c0] token(%result_token) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<16x8xf32>, !nv_tileas.tiled_view<16x8xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
