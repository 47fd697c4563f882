-- expect: MODULE_STRUCTURE_IMPORT_REDUNDANT
package t.p;

module M is
  import com.io7m.parasol.Float as Float;

end;
