
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// (x + 1)^x times cos(omega x) (kind 1) or sin(omega x) (kind 2)
double integrand(double x, double omega, int kind) {
    double base = pow(x + 1.0, x);
    return kind == 1 ? base * cos(omega * x) : base * sin(omega * x);
}

__kernel void series(__global double *out, const int n, const int steps) {
    int g = get_global_id(0);
    int halves = n / 2;
    int i = g < halves ? 2 * g + 1 : 2 * (g - halves) + 2;
    if (g >= n - 1 || i >= n) {
        return;
    }
    int kind = i % 2 == 1 ? 1 : 2;
    double omega = M_PI * ((i + 1) / 2);
    double dx = 2.0 / steps;
    double x = 0.0;
    double sum = integrand(0.0, omega, kind) / 2.0;
    for (int k = 1; k < steps; k++) {
        x += dx;
        sum += integrand(x, omega, kind);
    }
    sum += integrand(2.0, omega, kind) / 2.0;
    out[i] = sum * dx;
}
