#define TILE 32
#define ROWS 8
// A work-group of TILE x ROWS work-items moves one TILE x TILE tile through local memory.
__kernel void transpose(__global const float *in, __global float *out, const int n) {
    __local float tile[TILE][TILE + 1];
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int x = get_group_id(0) * TILE + lx;
    int y = get_group_id(1) * TILE + ly;
    for (int r = 0; r < TILE; r += ROWS) {
        if (x < n && y + r < n) {
            tile[ly + r][lx] = in[(y + r) * n + x];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TILE + lx;
    y = get_group_id(0) * TILE + ly;
    for (int r = 0; r < TILE; r += ROWS) {
        if (x < n && y + r < n) {
            out[(y + r) * n + x] = tile[lx][ly + r];
        }
    }
}
