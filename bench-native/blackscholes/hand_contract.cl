#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT ON

#define INV_SQRT_2PI 0.3989422804014327

double cnd(double d) {
    double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
    double poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978
            + k * 1.330274429))));
    double tail = INV_SQRT_2PI * exp(-0.5 * d * d) * poly;
    return d > 0.0 ? 1.0 - tail : tail;
}

__kernel void blackScholes(__global const double *s, __global const double *x, __global const double *t,
                           __global double *call, __global double *put, const double r, const double v,
                           const int n) {
    int i = get_global_id(0);
    if (i >= n) {
        return;
    }
    double si = s[i];
    double xi = x[i];
    double ti = t[i];
    double sqrtT = sqrt(ti);
    double vSqrtT = v * sqrtT;
    double d1 = (log(si / xi) + (r + 0.5 * v * v) * ti) / vSqrtT;
    double d2 = d1 - vSqrtT;
    double n1 = cnd(d1);
    double n2 = cnd(d2);
    double discountedStrike = xi * exp(-r * ti);
    call[i] = si * n1 - discountedStrike * n2;
    put[i] = discountedStrike * (1.0 - n2) - si * (1.0 - n1);
}
