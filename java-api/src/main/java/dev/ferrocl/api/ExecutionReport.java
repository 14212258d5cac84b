package dev.ferrocl.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A snapshot of what a {@link TaskSchedule}'s tasks came to, in the order they were added. */
public final class ExecutionReport {
    private final String schedule;
    private final List<TaskReport> tasks;

    ExecutionReport(String schedule, List<TaskReport> tasks) {
        this.schedule = schedule;
        this.tasks = Collections.unmodifiableList(new ArrayList<>(tasks));
    }

    /**
     * The tasks' reports.
     *
     * @return an unmodifiable list, in the order the tasks were added
     */
    public List<TaskReport> tasks() {
        return tasks;
    }

    /**
     * One task's report.
     *
     * @param id the task's id
     * @return its report
     * @throws IllegalArgumentException if the schedule has no such task
     */
    public TaskReport task(String id) {
        for (TaskReport t : tasks) {
            if (t.id().equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("schedule '" + schedule + "' has no task '" + id + "'");
    }

    /**
     * The report as JSON, for scripts and dashboards: {@code {"schedule": name, "tasks": [...]}} with one object per
     * task as {@link TaskReport#toJson()} writes it, in the order the tasks were added.
     *
     * @return the JSON text, on one line
     */
    public String toJson() {
        StringBuilder b = new StringBuilder("{");
        Json.field(b, "schedule", schedule);
        Json.key(b, "tasks").append('[');
        for (int i = 0; i < tasks.size(); i++) {
            b.append(i == 0 ? "" : ",").append(tasks.get(i).toJson());
        }
        return b.append("]}").toString();
    }

    /**
     * A readable table, one row per task.
     *
     * @return the table
     */
    @Override
    public String toString() {
        String[] header = {"task", "ran on", "device", "jit ms", "build ms", "kernel ms", "transfer ms", "cached",
            "global size", "local size", "runs", "reason"};
        List<String[]> rows = new ArrayList<>();
        rows.add(header);
        for (TaskReport t : tasks) {
            StringBuilder global = new StringBuilder();
            for (long g : t.globalSize()) {
                global.append(global.length() == 0 ? "" : "x").append(g);
            }
            StringBuilder local = new StringBuilder();
            for (long l : t.localSize()) {
                local.append(local.length() == 0 ? "" : "x").append(l);
            }
            rows.add(new String[] {t.id(), t.ranOn().toString(), t.device() == null ? "-" : t.device(),
                TaskReport.millis(t.compileNanos()), TaskReport.millis(t.buildNanos()),
                TaskReport.millis(t.kernelNanos()), TaskReport.millis(t.transferNanos()), t.cached() ? "yes" : "no",
                global.length() == 0 ? "-" : global.toString(), local.length() == 0 ? "-" : local.toString(),
                Long.toString(t.executions()), t.reason()});
        }
        int[] width = new int[header.length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder("Ferrocl schedule '").append(schedule).append("'\n");
        for (int r = 0; r < rows.size(); r++) {
            String[] row = rows.get(r);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                boolean last = c == row.length - 1;
                boolean numeric = c >= 3 && c <= 6 || c == 9;
                String cell = row[c];
                String pad = " ".repeat(width[c] - cell.length());
                line.append(last ? cell : numeric ? pad + cell : cell + pad);
                if (!last) {
                    line.append("  ");
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
