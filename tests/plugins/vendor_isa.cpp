// The vector and cube builtins syncsim models, in the vendor's form, as a
// dequantise-then-multiply kernel would issue them (written here, after
// pto-isa's TDequant and TMATMUL paths): each vector core dequantises eight
// rows of Q (int8 -> f16 -> f32 in place, minus an offset, times a scale)
// and hands them to the cube through GM and an FFTS flag; the cube loads A
// and the rows ND -> NZ into L1, moves them to L0A / L0B, multiplies, and
// writes C back as ND rows.
//
// VENDOR_ISA_TEARDOWN: the cube stops at a builtin syncsim does not model
// while each vector core waits, in a destructor, for a flag that never
// comes: the launch must end with the fault, the vector cores torn down
// inside their destructors.
#include <stdint.h>

#define ROWS 16 // M and K
#define COLS 32 // N

#if defined(__DAV_VEC__)
struct WaitOnExit { // waits, on leaving the kernel, for a flag nobody sends
    ~WaitOnExit() { wait_flag_dev(1); }
};
#endif

extern "C" __global__ __aicore__ void vendor_isa(__gm__ float* a, __gm__ int8_t* q,
                                                 __gm__ float* work, __gm__ float* c,
                                                 uint64_t ffts_addr) {
    set_ffts_base_addr(ffts_addr);
#if defined(__DAV_VEC__)
    (void)a, (void)c; // the cube's
#if defined(VENDOR_ISA_TEARDOWN)
    WaitOnExit wait_on_exit;
#endif
    const int64_t half_rows = ROWS / 2, first = get_subblockid() * half_rows;
    __ubuf__ int8_t* qs = (__ubuf__ int8_t*)0;
    __ubuf__ float* rows = (__ubuf__ float*)0x1000;
    copy_gm_to_ubuf_align_b8(qs, q + first * COLS, 0, half_rows, COLS, 0, 0, 0, 0);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    set_mask_count();
    set_vector_mask(0, COLS);
    for (int64_t r = 0; r < half_rows; ++r) {
        __ubuf__ float* row = rows + r * COLS;
        vconv_s82f16((__ubuf__ half*)row, qs + r * COLS, 0, 2, 1, 16, 4);
        pipe_barrier(PIPE_V);
        vconv_f162f32(row, (__ubuf__ half*)row, 0, 1, 2, 8, 8);
        pipe_barrier(PIPE_V);
    }
    set_vector_mask(0, half_rows * COLS);
    vadds(rows, rows, -3.0f, 0, 1, 1, 8, 8);
    pipe_barrier(PIPE_V);
    vmuls(rows, rows, 0.25f, 0, 1, 1, 8, 8);
    set_mask_norm();
    set_vector_mask(-1, -1);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    copy_ubuf_to_gm_align_b32(work + first * COLS, rows, 0, 1, half_rows * COLS * 4, 0, 0, 0, 0);
    ffts_cross_core_sync(PIPE_MTE3, 1 + (2 << 4)); // mode 2, flag 0: to this block's cube
#else
    (void)q; // the vector cores'
#if defined(VENDOR_ISA_TEARDOWN)
    set_l3d_rpt(0);
#endif
    __cbuf__ float* a_l1 = (__cbuf__ float*)0;
    __cbuf__ float* b_l1 = (__cbuf__ float*)0x10000;
    __ca__ float* a_l0 = (__ca__ float*)0;
    __cb__ float* b_l0 = (__cb__ float*)0;
    __cc__ float* c_l0 = (__cc__ float*)0;
    copy_gm_to_cbuf_multi_nd2nz_b32s(a_l1, a, 0, 1, ROWS, ROWS, 0, ROWS, ROWS, 1, 1);
    wait_flag_dev(0); // both vector cores' rows are in GM
    copy_gm_to_cbuf_multi_nd2nz_b32s(b_l1, work, 0, 1, ROWS, COLS, 0, COLS, ROWS, 1, 1);
    set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    set_fmatrix(ROWS | 1 << 16);
    img2colv2_cbuf_to_ca(a_l0, a_l1, ROWS, ROWS, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, false, 0, ROWS);
    set_fmatrix_b(ROWS | 1 << 16);
    img2colv2_cbuf_to_cb(b_l0, b_l1, COLS, ROWS, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, false, 1, COLS);
    set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    mad(c_l0, a_l0, b_l0, ROWS, ROWS, COLS, 0, false, false, true);
    set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    set_nd_para(1);
    const uint64_t xm = (uint64_t)COLS << 32 | (uint64_t)ROWS << 16 | (uint64_t)COLS << 4;
    copy_matrix_cc_to_gm(c, c_l0, xm, (uint64_t)ROWS | 1ull << 43);
#endif
    pipe_barrier(PIPE_ALL);
}
